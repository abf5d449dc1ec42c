import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A mount made for one test and unmounted when the value goes away: a read-only view of a folder
/// (`mount --bind`, then `mount -o remount,bind,ro`, as README's Kubernetes CronJob mounts the database
/// volume), or a small tmpfs that fills up. Needs root (CI and the project machine run the tests as root).
final class TestMount {
    let path: URL

    /// Why the tests that need a mount cannot run here, or nil when they can (probed once per process).
    static let unavailable: String? = {
        guard getuid() == 0 else { return "mounting needs root" }
        do {
            let directory = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = directory.appendingPathComponent("source")
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try TestMount(readOnly: source, at: directory.appendingPathComponent("ro")).unmount()
            try TestMount(tmpfsOf: "16k", at: directory.appendingPathComponent("tmpfs")).unmount()
            return nil
        } catch {
            return "this machine cannot mount: \(error)"
        }
    }()

    struct Failed: Error, CustomStringConvertible { var description: String }

    init(readOnly source: URL, at target: URL) throws {
        path = target
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        do { try Self.mount(["--bind", source.path, target.path]) } catch {
            mounted = false
            throw error
        }
        do { try Self.mount(["-o", "remount,bind,ro", target.path]) } catch {
            unmount()
            throw error
        }
    }

    /// A tmpfs of `size` (`64k`): a disk that fills up.
    init(tmpfsOf size: String, at target: URL) throws {
        path = target
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        do { try Self.mount(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", target.path]) } catch {
            mounted = false
            throw error
        }
    }

    private var mounted = true

    /// Call it in a `defer` right after making the mount: that keeps the mount for the whole test (ARC
    /// may release an object after its last use) and unmounts before the test's folder is removed.
    func unmount() {
        if mounted { _ = try? FolioProcess.tool("umount", [path.path]) }
        mounted = false
    }

    deinit { unmount() }

    private static func mount(_ arguments: [String]) throws {
        let result = try FolioProcess.tool("mount", arguments)
        guard result.status == 0 else {
            throw Failed(description: "mount \(arguments.joined(separator: " ")): \(result.stderr)")
        }
    }
}

/// Runs `folio` as `nobody`, a user that may read the test's files but write none of them.
enum Unprivileged {
    /// The folio binary `nobody` can run: the built one when every folder above it lets others in, else
    /// a copy in a temporary folder with mode 755.
    static let executable: Result<URL, Failed> = {
        guard getuid() == 0 else { return .failure(Failed(description: "switching to nobody needs root")) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            return .failure(Failed(description: "setpriv is missing"))
        }
        if (try? run(FolioProcess.executable, ["--version"]).status) == 0 { return .success(FolioProcess.executable) }
        do {
            let folder = URL(fileURLWithPath: "/tmp/folio-cli-nobody-\(getpid())")
            try FileManager.default.createDirectory(
                at: folder,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755]
            )
            atexit { try? FileManager.default.removeItem(atPath: "/tmp/folio-cli-nobody-\(getpid())") }
            let copy = folder.appendingPathComponent("folio")
            try FileManager.default.copyItem(at: FolioProcess.executable, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            let check = try run(copy, ["--version"])
            guard check.status == 0 else {
                return .failure(Failed(description: "nobody cannot run folio: \(check.stderr)"))
            }
            return .success(copy)
        } catch {
            return .failure(Failed(description: "cannot copy folio for nobody: \(error)"))
        }
    }()

    static var unavailable: String? {
        if case .failure(let failure) = executable { return failure.description }
        return nil
    }

    struct Failed: Error, CustomStringConvertible { var description: String }

    static func run(_ arguments: [String]) throws -> FolioProcess.Result {
        try run(try executable.get(), arguments)
    }

    private static func run(_ folio: URL, _ arguments: [String]) throws -> FolioProcess.Result {
        try FolioProcess.tool(
            "setpriv",
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", folio.path] + arguments
        )
    }
}
