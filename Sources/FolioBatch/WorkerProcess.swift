import FolioCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One worker process as the supervisor holds it: `folio batch --worker` started with a pipe on its
/// standard input (one line per request) and one on descriptor 3 (one line per answer); its standard
/// output goes where its standard error goes, so that nothing a library prints can be read as an answer.
///
/// The pipes are made close-on-exec and moved above the standard descriptors, so a worker started by
/// one thread never inherits the ends of another worker's pipes (which would keep that worker's input
/// open after its supervisor closed it), and `posix_spawn`'s dup2 onto 0 and 3 always moves a descriptor
/// (and so clears the flag) even when the supervisor was started with 0 or 1 closed. Swift's Glibc has
/// no `pipe2`, so the flag is set after `pipe`, and workers are started one at a time (`spawning`) so
/// that no spawn happens between the two calls. A worker starts with SIGINT and SIGTERM blocked, until
/// it has installed the handlers that let it finish the file it is writing (`BatchWorker`).
final class WorkerProcess {
    private static let spawning = Mutex(())
    let pid: pid_t
    private var input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var reaped: Termination?

    /// How a worker ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case unknown

        /// `SIGSEGV`, `SIGABRT`… for the signals a crash or a kill sends; the number otherwise.
        static func signalName(_ signal: Int32) -> String {
            let names: [Int32: String] = [
                SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGFPE: "SIGFPE",
                SIGTRAP: "SIGTRAP", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGPIPE: "SIGPIPE",
                SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
            ]
            return names[signal] ?? "signal \(signal)"
        }

        var description: String {
            switch self {
            case .exited(let code): "exit status \(code)"
            case .signalled(let signal): Self.signalName(signal)
            case .unknown: "an end not known"
            }
        }

        /// The failure of the portfolio a worker was rendering when it ended.
        var whileRendering: String {
            switch self {
            case .exited(let code): "its worker process exited with status \(code) while rendering it"
            case .signalled(let signal):
                "its worker process was killed by \(Self.signalName(signal)) while rendering it"
            case .unknown: "its worker process ended while rendering it"
            }
        }
    }

    /// Starts `executable` with `arguments` as its argument vector and this process's environment.
    init(executable: String, arguments: [String]) throws {
        (pid, input, output) = try Self.spawning.withLock { _ in try Self.spawn(executable, arguments) }
    }

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (pid_t, Int32, Int32) {
        let toWorker = try pipeAboveStandardDescriptors()
        let fromWorker: [Int32]
        do { fromWorker = try pipeAboveStandardDescriptors() } catch {
            for fd in toWorker { close(fd) }
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], answerDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        sigaddset(&blocked, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &blocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard spawned == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw Self.failure(executable, spawned)
        }
        return (pid, toWorker[1], fromWorker[0])
    }

    /// Where a worker writes its answers.
    static let answerDescriptor: Int32 = 3

    /// A pipe whose two ends are close-on-exec and numbered above 3 (the answer descriptor).
    private static func pipeAboveStandardDescriptors() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Self.failure("a pipe", errno) }
        return try ends.map { fd in
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            let code = errno
            close(fd)
            guard moved >= 0 else { throw Self.failure("a pipe", code) }
            return moved
        }
    }

    private static func failure(_ what: String, _ code: Int32) -> BatchFileError {
        BatchFileError(description: "cannot start a worker (\(what): \(FileError.reason(errno: code)))")
    }

    /// Writes one line; false when the worker is gone (its end of the pipe closed).
    func send(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    /// The next line the worker writes, without its newline; nil once its output is closed (it exited
    /// or died).
    func receive() -> String? {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }

    /// Closes the worker's input, which tells it to exit, and waits for it.
    func finish() -> Termination {
        if let reaped { return reaped }
        if input >= 0 {
            close(input)
            input = -1
        }
        var status: Int32 = 0
        var waited: pid_t
        repeat { waited = waitpid(pid, &status, 0) } while waited < 0 && errno == EINTR
        close(output)
        let signal = status & 0x7f
        // Not reaped (a parent that ignored SIGCHLD, which `installSignalHandlers` undoes): how it ended
        // is not known, and is not taken for a clean exit.
        let ended: Termination =
            waited != pid ? .unknown : signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        reaped = ended
        return ended
    }

    deinit { _ = finish() }
}
