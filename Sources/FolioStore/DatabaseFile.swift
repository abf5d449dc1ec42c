import FolioCore
import Foundation
internal import GRDBSQLite

#if canImport(Glibc)
import Glibc
#endif

/// The database file as the file system sees it, checked before SQLite opens it, so that a missing,
/// empty or unwritable database is named in one line instead of surfacing as an SQLite error code.
struct DatabaseFile {
    let path: String

    var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    enum State { case missing, empty, present }

    func state() throws -> State {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw StoreError.unusable(path: path, reason: FileError.reason(errno: errno))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.notADatabase(path: path, reason: "not a regular file")
        }
        return info.st_size == 0 ? .empty : .present
    }

    /// Every command but `folio init` needs a database that is there: SQLite would take a missing or
    /// zero-byte file for a new, empty database.
    func requireDatabase() throws {
        switch try state() {
        case .missing: throw StoreError.missingDatabase(path: path)
        case .empty: throw StoreError.emptyDatabase(path: path)
        case .present: return
        }
    }

    /// A writer needs the file (unless `folio init` is to make it), and the folder where SQLite keeps the
    /// `-wal` and `-shm` files beside it.
    func requireWritable() throws {
        if access(path, W_OK) != 0 && errno != ENOENT {
            throw StoreError.notWritable(path: path, reason: FileError.reason(errno: errno))
        }
        if access(folder, W_OK) != 0 {
            let reason = FileError.reason(errno: errno)
            let companions = [path + "-wal", path + "-shm"]
            if !companions.allSatisfy({ access($0, W_OK) == 0 }) {
                throw StoreError.notWritable(
                    path: path,
                    reason:
                        "its folder \(folder) cannot be written (\(reason)), and SQLite keeps its -wal and -shm files there"
                )
            }
        }
    }

    func createFolder() throws {
        do { try FileError.createDirectory(URL(fileURLWithPath: folder, isDirectory: true)) } catch let error
            as FileError
        {
            throw StoreError.unusable(path: path, reason: "cannot make its folder: \(error)")
        }
    }

    /// Where a read-only connection opens the database.
    ///
    /// A WAL database is read through its `-shm` index beside it. Where the folder can be written, SQLite
    /// makes the index (and an empty `-wal`) as it needs, takes the usual read locks, and reads alongside
    /// a writer in another process without waiting for it. Where the folder cannot be written — a
    /// read-only mount, a folder of another user — there are three cases:
    /// - a `-wal` and a `-shm` are there (a writer has the database open, or crashed): SQLite reads the
    ///   WAL through the index without writing to it, so committed changes in the WAL are seen;
    /// - no `-wal`, or an empty one: everything is in the file itself and no writer can be changing it
    ///   from here, so it is opened `immutable` (no index, no locks);
    /// - a `-wal` with content but no `-shm`: the WAL holds committed changes that cannot be read
    ///   without an index, and opening the file alone would silently show the database without them.
    ///   That is refused, naming what to do.
    func readLocation() throws -> String {
        if access(folder, W_OK) == 0 { return path }
        let wal = size(of: path + "-wal")
        let index = size(of: path + "-shm") != nil
        if wal != nil && index { return path }
        if let wal, wal > 0 { throw StoreError.unreadableWAL(path: path) }
        // URI file names are compiled into Debian's and most other SQLite builds; one without them would
        // take the URI for a file name and fail, so say why instead.
        guard sqlite3_compileoption_used("USE_URI") == 1 else {
            throw StoreError.unusable(
                path: path,
                reason:
                    "its folder cannot be written, and this SQLite, built without URI file names, cannot open it immutable"
            )
        }
        return Self.immutableURI(path)
    }

    /// `file:///abs/path?mode=ro&immutable=1`, with the characters URIs give meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%&=")
        return "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)
            + "?mode=ro&immutable=1"
    }

    private func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }
}
