import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run per jobs file at a time: an exclusive `flock` on `JOBS.yaml.lock` next to the jobs file.
/// The kernel drops a flock when its holder's descriptor closes, which includes the process being
/// killed (SIGKILL, OOM, power loss of a network mount's client aside): a lock left by a killed run is
/// therefore free for the next run to take without any stale-PID guessing. The file itself stays; it
/// only records the holder's PID for people looking at it.
final class BatchLock {
    private let fd: Int32
    let path: String

    enum Failure: Error { case held(path: String, holder: String), io(path: String, reason: String) }

    init(path: String) throws {
        self.path = path
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure.io(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            throw busy ? Failure.held(path: path, holder: holder) : Failure.io(path: path, reason: reason)
        }
        ftruncate(fd, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(fd) }
}
