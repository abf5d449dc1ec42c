/// One of N disjoint parts of the portfolios, chosen by a stable hash of the name so that every copy of
/// the job, on every machine and in every run, agrees on who renders what — adding a portfolio moves
/// no other portfolio to another shard. `index` is 0-based, like Kubernetes' `JOB_COMPLETION_INDEX`.
struct BatchShard: Equatable {
    var index: Int
    var count: Int

    static let whole = BatchShard(index: 0, count: 1)

    func contains(_ portfolio: String) -> Bool { count == 1 || Int(StableHash.of(portfolio) % UInt64(count)) == index }

    /// `--shard K/N` (K from 0 to N-1), else `JOB_COMPLETION_INDEX` with the count from `--shards` or
    /// `FOLIO_SHARDS`, else the whole.
    static func select(option: String?, shards: Int?, environment: [String: String]) throws -> BatchShard {
        if let option {
            let parts = option.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(k) else {
                throw BatchShardError(
                    description: "--shard: expected K/N with 0 ≤ K < N (K is 0-based), got \"\(option)\""
                )
            }
            return BatchShard(index: k, count: n)
        }
        guard let text = environment["JOB_COMPLETION_INDEX"], !text.isEmpty else {
            if shards != nil {
                throw BatchShardError(description: "--shards: needs JOB_COMPLETION_INDEX (or use --shard K/N)")
            }
            return .whole
        }
        guard let k = Int(text), k >= 0 else {
            throw BatchShardError(description: "JOB_COMPLETION_INDEX: expected a number from 0, got \"\(text)\"")
        }
        let n: Int
        if let shards {
            n = shards
        } else if let env = environment["FOLIO_SHARDS"] {
            guard let parsed = Int(env) else {
                throw BatchShardError(description: "FOLIO_SHARDS: expected a number, got \"\(env)\"")
            }
            n = parsed
        } else {
            throw BatchShardError(
                description: "JOB_COMPLETION_INDEX is set: the shard count must come from --shards N or FOLIO_SHARDS"
            )
        }
        guard n >= 1, k < n else {
            throw BatchShardError(description: "JOB_COMPLETION_INDEX \(k) is not below the shard count \(n)")
        }
        return BatchShard(index: k, count: n)
    }
}

/// A `--shard`, `--shards` or Kubernetes index that names no part of the portfolios.
struct BatchShardError: Error, CustomStringConvertible { var description: String }
