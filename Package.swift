// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "labkiosk",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "labkiosk", targets: ["labkiosk"]),
        .executable(name: "labkiosk-lab", targets: ["labkiosk-lab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // The lab's dashboard (labkiosk-lab serve): an HTTP server and its page templates. Without
        // Hummingbird's default traits, which would add swift-configuration. swift-mustache and
        // ZIPFoundation import all of Foundation, so labkiosk-lab links it with ICU's data (34 MB
        // of its 135 MB binary; 35 MB resident serving, scripts/bench); labkiosk links neither.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // A study's files as one zip, from the dashboard (deflated, ZIP64 past 4 GB).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]
        ),
        // The session catalogue's and a kiosk's lab.sqlite database (KioskData's one wrapper):
        // SQLite's own C API. GRDB wraps it in all of Foundation (+74 MB of binary and +6 MB
        // resident in every session, measured), which nothing here needs.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The desk's staff PIN is kept as a yescrypt hash by libxcrypt, the library that hashes
        // the system's own passwords (/etc/shadow); swift-crypto has no password hash but PBKDF2,
        // and would bring all of Foundation into the process a participant's session runs in.
        .systemLibrary(
            name: "CCrypt",
            pkgConfig: "libxcrypt",
            providers: [.apt(["libcrypt-dev"])]
        ),
        // The lab database's client: PostgreSQL's own C library. PostgresNIO would bring SwiftNIO
        // and Foundation (minutes of every clean build); libpq is one Debian package. It is linked
        // into labkiosk-lab only, never into the participant's session.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // X11's Present extension (xcb-present): when each frame turned into light, from the X
        // server's own refresh counter (docs/timing.md). Linked into labkiosk only.
        .systemLibrary(
            name: "CXCBPresent",
            pkgConfig: "xcb-present",
            providers: [.apt(["libxcb-present-dev"])]
        ),
        // The Linux input ioctls (evdev, uinput) as C functions; their request numbers are macros.
        .target(name: "CLinuxInput"),
        // Wayland's presentation-time protocol on SDL's surface (libwayland-client, which SDL's
        // Wayland driver loads anyway): when each frame turned into light under a compositor
        // that reports it (docs/timing.md). Linked into labkiosk only.
        .target(name: "CWaylandPresentation", linkerSettings: [.linkedLibrary("wayland-client")]),
        // The deterministic core: the standard library and RealModule's math only; no Foundation,
        // no SDL and no platform imports.
        // Release builds leave out the run-time exclusivity checks: a headless hour spent 7 % of its
        // time in them (scripts/bench). Debug builds, which every unit test runs, keep them.
        .target(
            name: "KioskCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // What both programs keep on disk, with no display or sound: the data folder and its
        // append-only files, batch journals, the session catalogue (SQLite), checksums, the roster,
        // BIDS export, the staff's password hashes, the clocks and install paths. The lab's server
        // (labkiosk-lab) links this, never KioskShell, so it runs where no SDL is installed.
        .target(name: "KioskData", dependencies: ["KioskCore", "CSQLite", "CCrypt"]),
        // The thin shell: window, renderer, fonts, frame pacing, input devices, block hosts, the desk.
        .target(name: "KioskShell", dependencies: ["KioskCore", "KioskData", "CSDL2", "CLinuxInput", "CXCBPresent", "CWaylandPresentation"]),
        .executableTarget(
            name: "labkiosk",
            dependencies: [
                "KioskCore", "KioskData", "KioskShell",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [],
            // Release binaries are linked for a smaller resident footprint (scripts/bench): lld
            // packs the relative relocations of the static Swift runtime (DT_RELR, glibc ≥ 2.36)
            // and no symbol is exported, so the loader reads and dirties fewer pages.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                    .when(configuration: .release))
            ]
        ),
        // The lab's side of a kiosk (docs/lab.md): sending its data folder to PostgreSQL, and the
        // dashboard's queries, on PostgreSQL or a kiosk's own SQLite.
        .target(name: "KioskLab", dependencies: ["KioskCore", "KioskData", "CLibPQ"]),
        .executableTarget(
            name: "labkiosk-lab",
            dependencies: [
                "KioskCore", "KioskData", "KioskLab",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // The dashboard's templates, stylesheet and script, compiled into the program: nothing
            // to install beside it, and no Foundation to find them at run time.
            resources: [.embedInCode("Dashboard/Templates")]
        ),
        // What every test target shares: the session harness, fixtures and golden logs
        // (Tests/Fixtures), seeded generators.
        .target(name: "TestSupport", dependencies: ["KioskCore"], path: "Tests/TestSupport"),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore", "TestSupport"]),
        .testTarget(name: "KioskDataTests", dependencies: ["KioskData", "KioskCore", "TestSupport"]),
        .testTarget(name: "KioskLabTests", dependencies: ["KioskLab", "KioskData", "KioskCore"]),
        .testTarget(name: "KioskShellTests", dependencies: ["KioskShell", "KioskData", "KioskCore", "CSDL2", "CLinuxInput", "TestSupport"]),
    ]
)
