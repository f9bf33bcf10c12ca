import Foundation
import Gherkin
import Messages

/// The feature files' gherkinDocument and pickle messages (or parse errors), and their sources when asked for, one
/// file at a time, made when asked: those of a supervisor whose worker 0 plans file by file, each file's made on its
/// loop right before that file's test cases go into the stream (`SpecRunner.documentCursor`), and, one file after
/// another, those `emitDocuments` makes. Used on one thread at a time.
public final class DocumentCursor {
    private let runner: SpecRunner
    private let files: [FeatureFile]
    private let root: String
    private let sources: Bool
    private let texts = StepTextPool()
    private var next = 0

    init(runner: SpecRunner, files: [FeatureFile], root: String, sources: Bool) {
        self.runner = runner
        self.files = files
        self.root = root
        self.sources = sources
    }

    /// The next file's messages; nil once every file's were made.
    public func nextFile() -> [Envelope]? {
        guard next < files.count else { return nil }
        let file = files[next]
        next += 1
        let envelopes = runner.featureEnvelopes(file, uri: relativePath(file.path, to: root), texts: texts)
        return sources ? envelopes : envelopes.filter { $0.kind != .source }
    }
}

extension SpecRunner {
    /// The feature files' documents one file at a time (`DocumentCursor`); throws when the paths cannot be read.
    public func documentCursor(sources: Bool) throws -> DocumentCursor {
        let root = configuration.workingDirectory ?? FileManager.default.currentDirectoryPath
        let files = try FeatureDiscovery(
            fileSystem: fileSystem, base: configuration.workingDirectory, documents: Set(configuration.documents.keys)
        )
        .discover(configuration.paths)
        return DocumentCursor(runner: self, files: files, root: root, sources: sources)
    }
}
