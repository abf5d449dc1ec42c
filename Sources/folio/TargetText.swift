import FolioAnalytics
import FolioCore
import FolioYAML
import Foundation

/// Targets as `folio target set` reads them: `NAME=PERCENT` lines, `NAME=CODE,CODE` classes and the
/// bands, each refused in one line naming what is wrong.
enum TargetText {
    static func line(_ text: String) throws -> (name: String, weight: String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ArgumentError(message: "\(text): expected NAME=PERCENT, e.g. AAPL=30")
        }
        return (String(parts[0]), String(parts[1]))
    }

    static func assetClass(_ text: String) throws -> (name: String, assets: [String]) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ArgumentError("--class", "\(text): expected NAME=CODE,CODE, e.g. bonds=BND,AGG")
        }
        return (String(parts[0]), parts[1].split(separator: ",").map(String.init))
    }

    /// The targets of the given texts, refused naming the line, the option or the sum.
    static func targets(
        by: String?,
        lines: [(name: String, weight: String)],
        classes: [(name: String, assets: [String])],
        band: String?,
        relativeBand: String?
    ) throws -> PortfolioTargets {
        let basis: TargetBasis = try by.map { try ArgumentValue.choice($0, "--by") } ?? .asset
        let parsed = try lines.map { line -> TargetLine in
            guard let weight = DecimalText.parse(line.weight) else {
                throw ArgumentError(message: "\(line.name)=\(line.weight): \"\(line.weight)\" is not a percent")
            }
            let name =
                switch basis {
                case .asset: AssetCode(line.name).rawValue
                case .kind: line.name.lowercased()
                case .assetClass: line.name
                }
            return TargetLine(name, weight)
        }
        var members: [String: [AssetCode]] = [:]
        for c in classes {
            guard members[c.name] == nil else { throw ArgumentError("--class", "\(c.name): given twice") }
            for code in c.assets where !AssetCode.isValid(code) {
                throw ArgumentError("--class", "\(c.name): \"\(code)\" is not an asset code")
            }
            members[c.name] = c.assets.map { AssetCode($0) }
        }
        // Points of a 100 % whole, and percent of a target: beyond 100 neither bounds anything.
        func points(_ text: String?, _ option: String) throws -> Double? {
            guard let text else { return nil }
            guard let value = DecimalText.parse(text), value >= 0, value <= 100 else {
                throw ArgumentError(option, "\"\(text)\" is not a number from 0 to 100")
            }
            return value
        }
        do {
            return try PortfolioTargets(
                basis: basis,
                lines: parsed,
                classes: members,
                band: try points(band, "--band") ?? PortfolioTargets.defaultBand,
                relativeBand: try points(relativeBand, "--relative-band")
            )
        } catch let error as TargetError {
            throw ArgumentError(message: error.description)
        }
    }

    /// `by asset: AAPL=30 MSFT=30 USD=40; band 5; relative band 25` and a class's assets after it.
    static func summary(_ targets: PortfolioTargets) -> String {
        let lines = targets.lines.map { line in
            let assets = targets.basis == .assetClass ? (targets.classes[line.name] ?? []) : []
            let members = assets.isEmpty ? "" : " (" + assets.map(\.rawValue).joined(separator: ",") + ")"
            return "\(line.name)=\(DecimalText.exact(line.weight))\(members)"
        }
        let relative = targets.relativeBand.map { "; relative band \(DecimalText.exact($0))" } ?? ""
        return
            "by \(targets.basis.rawValue): \(lines.joined(separator: " ")); band \(DecimalText.exact(targets.band))\(relative)"
    }
}

/// A targets file for `folio target set --file`:
///
///     by: class            # asset (default), kind or class
///     band: 5
///     relative-band: 25
///     lines: {stocks: 60, bonds: 40}
///     classes: {stocks: [VTI, VXUS], bonds: [BND, AGG]}
enum TargetsFile {
    static let keys: Swift.Set<String> = ["by", "band", "relative-band", "lines", "classes"]

    static func load(path: String) throws -> PortfolioTargets {
        let reader = ConfigReader(file: path)
        let root = try reader.map(
            try BoundedYAML.load(contentsOf: URL(fileURLWithPath: path)) ?? [String: Any](),
            at: ""
        )
        try reader.allow(root, keys, at: "")
        func text(_ key: String) throws -> String? {
            guard let value = root[key] else { return nil }
            return try reader.string(value, at: key)
        }
        guard let lineMap = root["lines"] else { throw reader.error("lines", "missing, expected NAME: PERCENT lines") }
        let lines = try reader.map(lineMap ?? [String: Any](), at: "lines").sorted { $0.key < $1.key }.map {
            (name: $0.key, weight: "\(try reader.number($0.value, at: "lines.\($0.key)", range: 0...100))")
        }
        let classMap = try root["classes"].map { try reader.map($0 ?? [String: Any](), at: "classes") } ?? [:]
        let classes = try classMap.sorted { $0.key < $1.key }.map {
            (name: $0.key, assets: try reader.strings($0.value, at: "classes.\($0.key)"))
        }
        do {
            return try TargetText.targets(
                by: try text("by"),
                lines: lines,
                classes: classes,
                band: try text("band"),
                relativeBand: try text("relative-band")
            )
        } catch let error as ArgumentError {
            throw ConfigFileError(description: "\(path): \(error.description)")
        }
    }
}
