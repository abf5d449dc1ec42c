import Testing

@testable import FolioBatch

/// Each error of `folio batch`'s own, as the one line a user reads.
@Suite struct BatchErrorMessageTests {
    @Test func lockErrorsNameTheLockFileAndTheFix() {
        #expect(
            BatchLockError.held(path: "jobs.yaml.lock", holder: "4242").description
                == "jobs.yaml.lock is held by another run (pid 4242)"
        )
        #expect(
            BatchLockError.held(path: "jobs.yaml.lock", holder: "").description
                == "jobs.yaml.lock is held by another run"
        )
        #expect(
            BatchLockError.io(path: "/etc/jobs.yaml.lock", reason: "read-only file system").description
                == "/etc/jobs.yaml.lock: cannot take the lock (read-only file system); give a writable --lock-file"
        )
    }

    @Test(
        arguments: [
            ("3/3", nil, [:], "--shard: expected K/N with 0 ≤ K < N (K is 0-based), got \"3/3\""),
            (nil, 4, [:], "--shards: needs JOB_COMPLETION_INDEX (or use --shard K/N)"),
            (nil, nil, ["JOB_COMPLETION_INDEX": "x"], "JOB_COMPLETION_INDEX: expected a number from 0, got \"x\""),
            (
                nil, nil, ["JOB_COMPLETION_INDEX": "1", "FOLIO_SHARDS": "two"],
                "FOLIO_SHARDS: expected a number, got \"two\""
            ),
            (
                nil, nil, ["JOB_COMPLETION_INDEX": "1"],
                "JOB_COMPLETION_INDEX is set: the shard count must come from --shards N or FOLIO_SHARDS"
            ),
            (nil, 2, ["JOB_COMPLETION_INDEX": "2"], "JOB_COMPLETION_INDEX 2 is not below the shard count 2"),
        ] as [(String?, Int?, [String: String], String)]
    )
    func shardErrors(option: String?, shards: Int?, environment: [String: String], message: String) {
        #expect(throws: BatchShardError.self) {
            try BatchShard.select(option: option, shards: shards, environment: environment)
        }
        do {
            _ = try BatchShard.select(option: option, shards: shards, environment: environment)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func jobsFileErrorNamesFileLineAndPath() {
        #expect(
            JobsFileError("jobs.yaml", "render[2].locale", "expected uk or en", line: 7).description
                == "jobs.yaml:7: render[2].locale: expected uk or en"
        )
        #expect(JobsFileError("jobs.yaml", "", "no portfolios").description == "jobs.yaml: no portfolios")
        #expect(JobsFileError("jobs\u{1B}.yaml", "", "no portfolios").description == "jobs\\x1B.yaml: no portfolios")
    }
}
