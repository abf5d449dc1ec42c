import Foundation

/// `folio-fuzz`: one fuzz target per file format Folio reads — every import kind and broker preset,
/// the interchange formats, the saved bank answers, the YAML files and the batch's mail record — as
/// OSS-Fuzz runs them for the libraries people trust.
///
/// Built by `make fuzz` with `-sanitize=fuzzer,address` and `-D FOLIO_FUZZING`, it is a libFuzzer
/// binary: `FOLIO_FUZZ_TARGET=trading212 folio-fuzz CORPUS… -max_total_time=60`. Built plainly (as `swift
/// build` builds every product), it runs each file it is given through the target once and says what the
/// target did, which is how a crash file is looked at without the fuzzing build:
/// `FOLIO_FUZZ_TARGET=trading212 folio-fuzz crash-1a2b…`. `folio-fuzz --list` prints the targets and
/// `folio-fuzz --seeds TARGET DIR` puts a target's seeds into a corpus folder, for `scripts/fuzz.sh`.
///
/// A target fails the way a crash does (a trap) when Folio traps, and also when it accepts what it must
/// not: a stored number that is not finite or beyond the bounds of an amount, or an export that is not
/// valid JSON.
@main struct FolioFuzz {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            for target in FuzzTarget.allCases { print(target.name) }
            return
        }
        if arguments.first == "--seeds", arguments.count == 3, let target = FuzzTarget(name: arguments[1]) {
            do { try target.writeSeeds(into: URL(fileURLWithPath: arguments[2])) } catch {
                FileHandle.standardError.write(Data("folio-fuzz: \(error)\n".utf8))
                exit(1)
            }
            return
        }
        guard let name = ProcessInfo.processInfo.environment["FOLIO_FUZZ_TARGET"],
            let target = FuzzTarget(name: name)
        else {
            let names = FuzzTarget.allCases.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("folio-fuzz: set FOLIO_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(2)
        }
        FuzzTarget.current = target
        #if FOLIO_FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, count in
                _ = FuzzTarget.current?.run(data.map { Data(bytes: $0, count: count) } ?? Data())
                return 0
            }
        )
        #else
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                continue
            }
            print("\(path): \(target.run(data))")
        }
        #endif
    }
}

#if FOLIO_FUZZING
/// libFuzzer's entry for a program that has its own `main` (SwiftPM names an executable's entry itself,
/// so libFuzzer's `main` cannot be linked): it parses libFuzzer's flags and calls back for each input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
