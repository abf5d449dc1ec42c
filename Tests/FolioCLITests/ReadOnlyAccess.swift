import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A read-only view of a folder: `mount --bind`, then `mount -o remount,bind,ro`, as README's Kubernetes
/// CronJob mounts the database volume. Needs root (CI and the project machine run the tests as root).
final class ReadOnlyMount {
    let path: URL

    /// Why the tests that need a mount cannot run here, or nil when they can (probed once per process).
    static let unavailable: String? = {
        guard getuid() == 0 else { return "read-only mounts need root" }
        do {
            let directory = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = directory.appendingPathComponent("source"), target = directory.appendingPathComponent("target")
            for url in [source, target] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
            _ = try ReadOnlyMount(source, at: target)
            return nil
        } catch {
            return "this machine cannot make a read-only bind mount: \(error)"
        }
    }()

    struct Failed: Error, CustomStringConvertible { var description: String }

    init(_ source: URL, at target: URL) throws {
        path = target
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Self.mount(["--bind", source.path, target.path])
        do { try Self.mount(["-o", "remount,bind,ro", target.path]) } catch {
            _ = try? FolioProcess.tool("umount", [target.path])
            throw error
        }
    }

    deinit { _ = try? FolioProcess.tool("umount", [path.path]) }

    private static func mount(_ arguments: [String]) throws {
        let result = try FolioProcess.tool("mount", arguments)
        guard result.status == 0 else { throw Failed(description: "mount \(arguments.joined(separator: " ")): \(result.stderr)") }
    }
}

/// Runs `folio` as `nobody`, a user that may read the test's files but write none of them.
enum Unprivileged {
    /// The folio binary `nobody` can run: the built one when every folder above it lets others in, else
    /// a copy in a temporary folder with mode 755.
    static let executable: Result<URL, Failed> = {
        guard getuid() == 0 else { return .failure(Failed(description: "switching to nobody needs root")) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return .failure(Failed(description: "setpriv is missing")) }
        if (try? run(FolioProcess.executable, ["--version"]).status) == 0 { return .success(FolioProcess.executable) }
        do {
            let folder = URL(fileURLWithPath: "/tmp/folio-cli-nobody-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            atexit { try? FileManager.default.removeItem(atPath: "/tmp/folio-cli-nobody-\(getpid())") }
            let copy = folder.appendingPathComponent("folio")
            try FileManager.default.copyItem(at: FolioProcess.executable, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            let check = try run(copy, ["--version"])
            guard check.status == 0 else { return .failure(Failed(description: "nobody cannot run folio: \(check.stderr)")) }
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
        try FolioProcess.tool("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", folio.path] + arguments)
    }
}
