// swift-tools-version: 6.1
import PackageDescription

// Module graph (see docs/internals.md): data flows one way,
// Store → Analytics → Charts → Reports → Render. Targets arrive with their issues.
let package = Package(
    name: "Folio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .executable(name: "folio-bench", targets: ["folio-bench"]),
        .executable(name: "folio-fuzz", targets: ["folio-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // MARK: C libraries (thin system-library wrappers, one shim header each)
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
        // Headers only: libcurl itself is loaded by the commands that use the network (FolioNet's LibCurl).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // SQLite's one process-wide setting GRDB does not offer (the library is GRDB's, GRDBSQLite).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev", "libdeflate-dev"])]),

        // MARK: Folio modules
        .target(name: "FolioCore"),
        // The one way a YAML file is read (size, nesting and alias limits) and typed reads from it.
        .target(name: "FolioYAML", dependencies: ["FolioCore", .product(name: "Yams", package: "Yams")]),
        // Files → typed entries: CSV, mapped CSV, brokers' presets, interchange formats; no database (the
        // store writes what they read through `ImportSink`).
        .target(name: "FolioImport", dependencies: ["FolioCore"]),
        .target(
            name: "FolioStore",
            dependencies: [
                "FolioCore", "FolioImport",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The system SQLite GRDB links, for the bulk-insert path that binds values directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLite",
            ]
        ),
        .target(name: "FolioAnalytics", dependencies: ["FolioCore"]),
        // Store → analytics inputs: ledgers, price books and the one as-of rule.
        // The tax rates file is read here too, so that requests carry the rates rather than a path.
        .target(
            name: "FolioInputs",
            dependencies: [
                "FolioCore", "FolioStore", "FolioAnalytics", "FolioYAML", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(name: "FolioNet", dependencies: ["FolioCore", "CCurl"]),
        .target(name: "FolioSources", dependencies: ["FolioCore", "FolioNet"]),
        // Fetch → store: typed queries, the configuration file, throttling by the fetch log, outcomes.
        .target(
            name: "FolioFetch",
            dependencies: ["FolioCore", "FolioNet", "FolioSources", "FolioImport", "FolioStore", "FolioYAML"]
        ),
        .target(name: "FolioCharts", dependencies: ["FolioCore"]),
        // Analytics → charts and tables: one builder per dataset, the typed chart request, the words in both
        // languages; the typed table and conversion requests of `folio table` and `folio convert`.
        .target(
            name: "FolioDatasets",
            dependencies: ["FolioCore", "FolioInputs", "FolioAnalytics", "FolioCharts"]
        ),
        .target(name: "FolioRender", dependencies: ["FolioCore", "FolioCharts", "CCairo", "CPNG"]),
        .target(
            name: "FolioReports",
            dependencies: [
                "FolioCore", "FolioInputs", "FolioAnalytics", "FolioCharts", "FolioDatasets", "FolioYAML",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Render → deliver: charts and reports written to files, mail composed and sent.
        .target(
            name: "FolioDeliver",
            dependencies: [
                "FolioCore", "FolioStore", "FolioInputs", "FolioAnalytics", "FolioCharts", "FolioDatasets",
                "FolioReports", "FolioRender",
                "FolioNet", "FolioYAML", .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Many portfolios from a jobs file, in parallel, each output current or rendered again.
        .target(
            name: "FolioBatch",
            dependencies: [
                "FolioCore", "FolioStore", "FolioInputs", "FolioCharts", "FolioDatasets", "FolioReports", "FolioRender",
                "FolioNet",
                "FolioDeliver", "FolioYAML", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The standard chart workloads W1–W4, shared by folio-bench (which times them) and the tests
        // (which check what they draw).
        .target(
            name: "FolioWorkloads",
            dependencies: ["FolioCore", "FolioAnalytics", "FolioCharts", "FolioDatasets", "FolioReports"]
        ),

        // MARK: Executables
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioCore", "FolioImport", "FolioStore", "FolioInputs", "FolioAnalytics", "FolioCharts",
                "FolioDatasets",
                "FolioRender",
                "FolioDeliver", "FolioBatch", "FolioFetch", "FolioSources", "FolioYAML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "folio-bench",
            dependencies: [
                "FolioCore", "FolioImport", "FolioStore", "FolioAnalytics", "FolioCharts", "FolioRender", "FolioNet",
                "FolioSources", "FolioWorkloads",
                // The scale cases generate their millions of rows by SQL.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // One fuzz target per file format Folio reads (`make fuzz` builds it with libFuzzer).
        .executableTarget(
            name: "folio-fuzz",
            dependencies: [
                "FolioCore", "FolioImport", "FolioStore", "FolioInputs", "FolioSources", "FolioFetch", "FolioReports",
                "FolioDeliver",
                "FolioBatch",
                // Reads what an import stored with SQL of its own, apart from Folio's queries.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),

        // MARK: Tests
        // What several test targets share: paths, literal inputs, temporary stores, test servers, and the
        // one way drawings are compared with their baselines (scene dumps and images).
        .target(
            name: "FolioTestSupport",
            dependencies: [
                "FolioCore", "FolioAnalytics", "FolioImport", "FolioStore", "FolioCharts", "FolioRender",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/FolioTestSupport"
        ),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore"]),
        .testTarget(
            name: "FolioBatchTests",
            dependencies: ["FolioCore", "FolioCharts", "FolioDatasets", "FolioBatch", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioYAMLTests",
            dependencies: ["FolioCore", "FolioYAML", "FolioTestSupport", .product(name: "Yams", package: "Yams")]
        ),
        // The file formats read into a recording sink, with no database; the kinds' declarations checked.
        .testTarget(
            name: "FolioImportTests",
            dependencies: ["FolioCore", "FolioImport", "FolioSources", "FolioTestSupport"]
        ),
        .testTarget(
            name: "FolioStoreTests",
            dependencies: [
                "FolioCore", "FolioImport", "FolioStore", "FolioTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Runs the built `folio` executable as users do (SwiftPM builds it with the tests).
        .testTarget(
            name: "FolioCLITests",
            dependencies: [
                "FolioCore", "FolioCharts", "FolioDatasets", "FolioRender", "FolioTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "FolioWorkloadsTests",
            dependencies: ["FolioCore", "FolioAnalytics", "FolioCharts", "FolioReports", "FolioWorkloads"]
        ),
        .testTarget(name: "FolioNetTests", dependencies: ["FolioCore", "FolioNet"]),
        .testTarget(name: "FolioAnalyticsTests", dependencies: ["FolioCore", "FolioAnalytics", "FolioTestSupport"]),
        .testTarget(
            name: "FolioInputsTests",
            dependencies: ["FolioCore", "FolioStore", "FolioAnalytics", "FolioInputs", "FolioTestSupport"]
        ),
        .testTarget(name: "FolioSourcesTests", dependencies: ["FolioCore", "FolioNet", "FolioSources"]),
        // In-process fetches into a temporary store, from the fake sources server on 127.0.0.1.
        .testTarget(
            name: "FolioFetchTests",
            dependencies: ["FolioCore", "FolioStore", "FolioFetch", "FolioYAML", "FolioTestSupport"]
        ),
        // Tables, conversions and requests computed in-process on temporary databases.
        .testTarget(
            name: "FolioDatasetsTests",
            dependencies: [
                "FolioCore", "FolioAnalytics", "FolioImport", "FolioStore", "FolioInputs", "FolioCharts",
                "FolioDatasets", "FolioTestSupport",
            ]
        ),
        .testTarget(name: "FolioChartsTests", dependencies: ["FolioCore", "FolioCharts"]),
        .testTarget(
            name: "FolioRenderTests",
            dependencies: ["FolioCore", "FolioCharts", "FolioRender", "CPNG", "FolioTestSupport"],
            exclude: ["Baselines"]  // read from the source tree by path (#filePath), not bundled
        ),
        // Pages as data with the approximate measurer; PDFs read back with poppler, rendered by `folio`.
        .testTarget(
            name: "FolioReportsTests",
            dependencies: [
                "FolioCore", "FolioAnalytics", "FolioInputs", "FolioCharts", "FolioDatasets", "FolioReports",
                "FolioRender", "FolioStore", "FolioYAML",
                "FolioDeliver", "FolioTestSupport",
            ],
            exclude: ["Baselines"]  // page images read by path (#filePath), not bundled
        ),
    ],
    swiftLanguageModes: [.v6]
)
