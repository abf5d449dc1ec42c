import FolioCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One run per jobs file at a time: an exclusive `flock` on a lock file named after the jobs file
/// (`defaultPath`, or `--lock-file`). The kernel drops a flock when the descriptor's last holder goes away, however the process ended
/// (SIGKILL and the OOM killer included): a lock left by a killed run is therefore free for the next run
/// at once, with no stale-PID guessing. The file itself stays; it records the holder's PID only for
/// the message a refused run prints. (flock on NFS is emulated with byte-range locks on Linux and
/// behaves the same for this use.)
final class BatchLock {
    private let fd: Int32
    let path: String

    init(path: String) throws {
        self.path = path
        // Not through a symbolic link, and only a file of this user's: in a shared folder (/tmp) another
        // user could otherwise point the lock at a file of ours, or hold it to stop every run.
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw BatchLockError.io(path: path, reason: FileError.reason(errno: errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == getuid(), (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw BatchLockError.io(path: path, reason: "not a file of this user's")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = FileError.reason(errno: errno)
            // The holder wrote its pid; anything longer is not one of ours (read with a bound, shown escaped).
            let written = (try? BoundedFile.read(path, limit: 32)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let holder =
                written.allSatisfy({ $0.isNumber || $0.isNewline }) ? written.trimmingCharacters(in: .newlines) : ""
            close(fd)
            throw busy ? BatchLockError.held(path: path, holder: holder) : BatchLockError.io(path: path, reason: reason)
        }
        ftruncate(fd, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(fd) }

    /// The lock of a run without `--lock-file`: `.folio-batch-HASH.lock` (hidden, as the batch's other
    /// files in the output tree), HASH a digest of the jobs file's absolute path with symbolic links
    /// resolved (one lock per jobs file, however it is named), in the first folder the user can write of
    /// the output root (`out/` of `out/{portfolio}/…`, made here when missing), `$XDG_RUNTIME_DIR` and
    /// `/tmp` (there with the user's id in the name). The output root first: it is what the lock keeps
    /// two runs from writing at once, and it is the same for cron, a systemd unit and a login shell,
    /// while `$XDG_RUNTIME_DIR` is set in some of them only. Not beside the jobs file: that folder may be
    /// read-only (a ConfigMap) or another user's.
    static func defaultPath(jobsFile: URL, jobs: JobsFile, environment: [String: String]) -> String {
        let hash = StableHash.hex(of: jobsFile.absoluteURL.resolvingSymlinksInPath().path)
        let name = ".folio-batch-\(hash).lock"
        func inside(_ folder: String, _ name: String) -> String {
            URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(name).path
        }
        let output = OutputPath.root(jobs.jobs.first?.output ?? JobsFile.defaultOutput).path
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        if isWritableFolder(output) { return inside(output, name) }
        // A relative XDG_RUNTIME_DIR is invalid (the XDG base directory specification).
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isWritableFolder(runtime) {
            return inside(runtime, name)
        }
        return inside("/tmp", ".folio-batch-\(getuid())-\(hash).lock")
    }

    private static func isWritableFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
            && access(path, W_OK | X_OK) == 0
    }
}

/// Why a run could not take its jobs file's lock.
enum BatchLockError: Error, CustomStringConvertible {
    case held(path: String, holder: String)
    case io(path: String, reason: String)

    var description: String {
        switch self {
        case let .held(path, holder): "\(path) is held by another run" + (holder.isEmpty ? "" : " (pid \(holder))")
        // A read-only jobs folder (a ConfigMap) cannot hold the lock: --lock-file names one elsewhere.
        case let .io(path, reason): "\(path): cannot take the lock (\(reason)); give a writable --lock-file"
        }
    }
}
