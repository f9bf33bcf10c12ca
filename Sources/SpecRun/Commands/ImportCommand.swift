import Foundation
import Requirements
import SpecRunWorkers

/// `specrun import DOC.md [--output DIR]`: a draft `.feature` per story of a story document, tagged with the
/// criteria ids, written to DIR (default `Features/drafts`); an existing file is never overwritten.
struct ImportCommand {
    let options: ImportOptions
    let console: any Console

    /// What to give instead of a FIFO, a device or a folder.
    static let document = UnreadableFile.Wanted(
        instead: "give the story document itself", inFolder: { "give a story document in it (e.g. \($0)/story.md)" })

    func run() -> Int32 {
        var written = 0
        for document in options.documents {
            let set: RequirementsSet
            do {
                set = try RequirementsReader.read(file: document, unreadable: { UnreadableFile.why($0, wanted: Self.document) })
            } catch let error as RequirementsError {
                console.err("\(ProgramName.current) import: \(error.message)\n")
                return ExitCode.usage.rawValue
            } catch {
                console.err("\(ProgramName.current) import: \(document):1:1: cannot read the document (\(error.localizedDescription))\n")
                return ExitCode.usage.rawValue
            }
            for warning in set.warnings { console.err("\(warning)\n") }
            if set.stories.isEmpty { return ExitCode.usage.rawValue }
            do {
                try FileManager.default.createDirectory(atPath: options.output, withIntermediateDirectories: true)
            } catch {
                console.err(
                    "\(ProgramName.current) import: cannot create \(options.output) (\(error.localizedDescription); give --output another folder)\n"
                )
                return ExitCode.usage.rawValue
            }
            for story in set.stories {
                let path = (options.output as NSString).appendingPathComponent(FeatureDraft.fileName(for: story))
                if FileManager.default.fileExists(atPath: path) {
                    console.err(
                        "\(ProgramName.current) import: \(path) exists, left as it is (delete it or give --output another folder)\n")
                    continue
                }
                guard FileManager.default.createFile(atPath: path, contents: Data(FeatureDraft.text(for: story).utf8)) else {
                    console.err("\(ProgramName.current) import: cannot write \(path) (give --output a writable folder)\n")
                    return ExitCode.usage.rawValue
                }
                console.out("\(path): \(story.id) \(story.title) (\(story.criteria.count) criteria)\n")
                written += 1
            }
        }
        console.out("\(written) draft feature(s) written; next: specrun check \(options.output)\n")
        return ExitCode.passed.rawValue
    }
}

struct ImportOptions: Equatable {
    var documents: [String] = []
    var output = "Features/drafts"
}
