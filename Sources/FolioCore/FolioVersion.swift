import Foundation

public enum FolioVersion {
    /// The one place the version is written: `folio --version` prints it, the HTTP User-Agent sends it,
    /// output fingerprints record it, and `make deb` names the package by it.
    public static let current = "0.1.0"

    /// The commit the binary was built from, as `make build` writes it beside the binary (`folio.commit`)
    /// and `make install` under the prefix (`share/folio/commit`); nil for a build that did not record
    /// one (`swift build`, a tarball). Read at run time so that a new commit does not rebuild every module.
    public static let commit: String? = {
        guard let executable = ResourceDirectory.executableURL()?.resolvingSymlinksInPath() else { return nil }
        let dir = executable.deletingLastPathComponent()
        for file in [
            dir.appendingPathComponent("folio.commit"),
            dir.deletingLastPathComponent().appendingPathComponent("share/folio/commit"),
        ] {
            guard let data = try? BoundedFile.read(file.path, limit: 64) else { continue }
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "-" || $0.isLetter }) { return text }
        }
        return nil
    }()

    /// What `folio --version` prints: "0.1.0 (commit 1a2b3c4d5e6f)".
    public static var described: String { commit.map { "\(current) (commit \($0))" } ?? current }
}
