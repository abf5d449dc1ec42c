import FolioCore
import Foundation

/// What a portfolio's target lines name: single assets (`AAPL=30`), asset kinds (`stock=80`) or the
/// user's own classes (`bonds=40`, each asset in at most one class).
public enum TargetBasis: String, CaseIterable, Hashable, Sendable {
    case asset, kind
    case assetClass = "class"
}

/// One line of a target mix: what it names and its weight in percent of the portfolio.
public struct TargetLine: Hashable, Sendable {
    public var name: String
    public var weight: Double

    public init(_ name: String, _ weight: Double) {
        self.name = name
        self.weight = weight
    }
}

/// A portfolio's target mix and how far a line may drift before it is out of band.
///
/// A line is out of band when its drift (weight − target, in percentage points) exceeds its tolerance:
/// the absolute `band`, or, with a `relativeBand`, the smaller of the two — the "5/25" rule, where a
/// 10 % line may drift 2.5 points and a 60 % line 5.
public struct PortfolioTargets: Hashable, Sendable {
    public var basis: TargetBasis
    /// In the order given; names are unique, weights add up to 100.
    public var lines: [TargetLine]
    /// `.assetClass` only: each class's assets.
    public var classes: [String: [AssetCode]]
    /// Percentage points either side of a target.
    public var band: Double
    /// Percent of a line's target, when given.
    public var relativeBand: Double?

    /// The band when none is given: 5 points, the most common rule of thumb.
    public static let defaultBand = 5.0
    /// How far from 100 the weights may add up to (binary noise of decimal weights, not a real gap).
    public static let sumTolerance = 1e-9

    public init(
        basis: TargetBasis,
        lines: [TargetLine],
        classes: [String: [AssetCode]] = [:],
        band: Double = PortfolioTargets.defaultBand,
        relativeBand: Double? = nil
    ) throws(TargetError) {
        guard !lines.isEmpty else { throw .noLines }
        var seen = Set<String>()
        for line in lines {
            guard seen.insert(line.name).inserted else { throw .duplicateLine(line.name) }
            guard line.weight.isFinite, line.weight >= 0 else { throw .negativeWeight(line.name, line.weight) }
            if basis == .kind, AssetKind(rawValue: line.name) == nil { throw .unknownKind(line.name) }
        }
        let sum = lines.map(\.weight).compensatedSum()
        guard abs(sum - 100) <= Self.sumTolerance else { throw .sum(sum) }
        guard band.isFinite, band >= 0 else { throw .band(band, relative: false) }
        if let relativeBand, !(relativeBand.isFinite && relativeBand >= 0) {
            throw .band(relativeBand, relative: true)
        }
        if basis == .assetClass {
            var owner: [AssetCode: String] = [:]
            for line in lines {
                guard let members = classes[line.name], !members.isEmpty else { throw .classWithoutAssets(line.name) }
                for asset in members {
                    if let other = owner.updateValue(line.name, forKey: asset), other != line.name {
                        throw .assetInTwoClasses(asset, other, line.name)
                    }
                }
            }
            if let stray = classes.keys.sorted().first(where: { !seen.contains($0) }) { throw .classWithoutLine(stray) }
        } else if !classes.isEmpty {
            throw .classesOutsideClassBasis
        }
        self.basis = basis
        self.lines = lines
        self.classes = classes
        self.band = band
        self.relativeBand = relativeBand
    }

    /// Percentage points a line of `target` percent may drift before it is out of band. The relative
    /// band is of a target: a line held without one (target 0) keeps the absolute band, or a cent of
    /// leftover cash would be out of band.
    public func tolerance(of target: Double) -> Double {
        guard let relativeBand, target > 0 else { return band }
        return min(band, target * relativeBand / 100)
    }

    /// The line `asset` counts in: its code, its kind or its class; nil for an asset in no class.
    public func lineName(of asset: AssetCode, kind: AssetKind) -> String? {
        switch basis {
        case .asset: return asset.rawValue
        case .kind: return kind.rawValue
        case .assetClass: return classes.first { $0.value.contains(asset) }?.key
        }
    }

    /// The assets a line names (all the kind's or the class's, as far as the caller knows them).
    public func assets(of line: String) -> [AssetCode]? {
        switch basis {
        case .asset: [AssetCode(line)]
        case .kind: nil
        case .assetClass: classes[line]
        }
    }
}

/// A target mix that cannot be right; each case names the line or the figure.
public enum TargetError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    case noLines
    case unknownBasis(String)
    case duplicateLine(String)
    case negativeWeight(String, Double)
    case unknownKind(String)
    /// The weights add up to this, not 100.
    case sum(Double)
    case band(Double, relative: Bool)
    case classWithoutAssets(String)
    case classWithoutLine(String)
    case assetInTwoClasses(AssetCode, String, String)
    case classesOutsideClassBasis

    public var description: String {
        switch self {
        case .noLines: "no target line given (e.g. AAPL=60 MSFT=40)"
        case let .unknownBasis(text):
            "\"\(text)\" is not one of \(TargetBasis.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .duplicateLine(name): "\(name): given twice"
        case let .negativeWeight(name, weight): "\(name): weight \(DecimalText.exact(weight)) is not 0 or more"
        case let .unknownKind(name):
            "\(name): not an asset kind, expected one of \(AssetKind.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .sum(sum): "the weights add up to \(DecimalText.exact(DecimalText.significant(sum))), not 100"
        case let .band(value, relative):
            "\(relative ? "relative band" : "band") \(DecimalText.exact(value)) is not 0 or more"
        case let .classWithoutAssets(name): "\(name): a class needs its assets (--class \(name)=CODE,CODE)"
        case let .classWithoutLine(name): "\(name): a class with no target line"
        case let .assetInTwoClasses(asset, a, b): "\(asset): in two classes, \(a) and \(b)"
        case .classesOutsideClassBasis: "classes are only read for targets by class"
        }
    }

    public var errorDescription: String? { description }
}
