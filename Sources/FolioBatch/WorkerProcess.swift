import FolioCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One worker process as the supervisor holds it: `folio batch --worker` started with a pipe on its
/// standard input (one line per request) and one on its standard output (one line per answer).
///
/// Both pipes are made close-on-exec, so a worker started by one thread never inherits the ends of
/// another worker's pipes (which would keep that worker's input open after its supervisor closed it);
/// `posix_spawn`'s dup2 onto 0 and 1 clears the flag for the two ends the worker is meant to have.
/// Swift's Glibc has no `pipe2`, so the flag is set after `pipe`, and workers are started one at a time
/// (`spawning`) so that no spawn happens between the two calls.
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
            }
        }

        /// The failure of the portfolio a worker was rendering when it ended.
        var whileRendering: String {
            switch self {
            case .exited(let code): "its worker process exited with status \(code) while rendering it"
            case .signalled(let signal):
                "its worker process was killed by \(Self.signalName(signal)) while rendering it"
            }
        }
    }

    /// Starts `executable` with `arguments` as its argument vector and this process's environment.
    init(executable: String, arguments: [String]) throws {
        (pid, input, output) = try Self.spawning.withLock { _ in try Self.spawn(executable, arguments) }
    }

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (pid_t, Int32, Int32) {
        var toWorker: [Int32] = [0, 0]
        var fromWorker: [Int32] = [0, 0]
        guard pipe(&toWorker) == 0 else { throw Self.failure("a pipe", errno) }
        guard pipe(&fromWorker) == 0 else {
            let code = errno
            close(toWorker[0])
            close(toWorker[1])
            throw Self.failure("a pipe", code)
        }
        for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(toWorker[0])
        close(fromWorker[1])
        guard spawned == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw Self.failure(executable, spawned)
        }
        return (pid, toWorker[1], fromWorker[0])
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
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(output)
        let signal = status & 0x7f
        let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        reaped = ended
        return ended
    }

    deinit { _ = finish() }
}
