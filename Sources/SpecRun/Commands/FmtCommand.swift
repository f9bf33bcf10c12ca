import Foundation
import Gherkin
import Messages
import SpecRunEditor
import SpecRunWorkers

/// `specrun fmt [--check] PATH…`: Gherkin formatted as the community writes it (GherkinFormatter), in place or,
/// with `--check`, only listed (exit 1 when a file would change: for CI). A file that does not parse is left as
/// it is, with the parse error; Markdown features are left as they are, with a line saying so.
struct FmtCommand {
    let options: FmtOptions
    let console: any Console
    var files = FmtFiles.system

    func run() -> Int32 {
        var changed: [String] = []
        var unparsable = false
        var unreadable = false
        for path in files.expand(options.paths) {
            if path.hasSuffix(".feature.md") {
                console.err("\(ProgramName.current) fmt: \(path): left as it is (Markdown features are not formatted)\n")
                continue
            }
            guard let data = files.read(path) else {
                console.err("\(ProgramName.current) fmt: cannot read \(path): no such file or not readable\n")
                unreadable = true
                continue
            }
            guard let result = FmtCommand.formatted(data) else {
                console.err("\(ProgramName.current) fmt: \(path): left as it is (not UTF-8 text)\n")
                continue
            }
            switch result {
            case .failure(let errors):
                unparsable = true
                let language = ParseErrorText.language(of: String(decoding: data, as: UTF8.self))
                for error in errors.errors {
                    let reason = ParseErrorText.humanize(error.reason, language: language)
                    console.err("\(path):\(error.line):\(error.column ?? 1): \(reason) (left unformatted)\n")
                }
            case .success(let text):
                guard Data(text.utf8) != data else { continue }
                changed.append(path)
                if options.check { console.out(path + "\n"); continue }
                if files.write(path, Data(text.utf8)) {
                    console.out("formatted \(path)\n")
                } else {
                    console.err("\(ProgramName.current) fmt: cannot write \(path)\n")
                    unreadable = true
                }
            }
        }
        if unreadable { return ExitCode.usage.rawValue }
        if unparsable { return ExitCode.unparsable.rawValue }
        return options.check && !changed.isEmpty ? ExitCode.failed.rawValue : ExitCode.passed.rawValue
    }

    /// The file's text formatted, or why it is left as it is (not UTF-8, a parse error); nil: left as it is for
    /// another reason (bytes the parser reads but Foundation does not decode).
    static func formatted(_ data: Data) -> Result<String, GherkinErrors>? {
        var bytes = data
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if bom { bytes.removeFirst(3) }
        guard let source = String(data: bytes, encoding: .utf8) else {
            // The parser says where the first bad byte is.
            do throws(GherkinErrors) {
                _ = try GherkinParser.parse(data: data, ids: IncrementingIdGenerator())
            } catch {
                return .failure(error)
            }
            return nil
        }
        return GherkinFormatter.format(source: source).map { bom ? "\u{FEFF}" + $0 : $0 }
    }
}

struct FmtOptions: Equatable {
    var check = false
    var paths: [String] = []
}

/// The file system as `fmt` uses it (in memory in tests).
struct FmtFiles: Sendable {
    var expand: @Sendable ([String]) -> [String]
    var read: @Sendable (String) -> Data?
    var write: @Sendable (String, Data) -> Bool

    static let system = FmtFiles(
        expand: { paths in
            paths.flatMap { path -> [String] in
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                    let enumerator = FileManager.default.enumerator(atPath: path)
                else { return [path] }
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                return enumerator.compactMap { $0 as? String }
                    .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
                    .sorted().map { base + "/" + $0 }
            }
        },
        read: { FileManager.default.contents(atPath: $0) },
        write: { path, data in writeInPlace(path, data) })

    /// Writes a formatted file where it is: through a symbolic link to its target (the link stays a link), keeping
    /// the file's permissions (a new file written atomically would have the default ones).
    static func writeInPlace(_ path: String, _ data: Data) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let mode = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.posixPermissions]
        guard (try? data.write(to: target, options: .atomic)) != nil else { return false }
        if let mode { try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path) }
        return true
    }
}
