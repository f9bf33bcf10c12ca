// The tool of the SpecRunScenarios build plugin: reads a package's feature folder with specrun's Gherkin parser and
// writes one Swift Testing test per scenario.
//     specrun-scenarios ROOT FOLDER OUTPUT.swift [STAMP]
// OUTPUT is written only when its text changes, so an unchanged folder recompiles nothing. STAMP (a file or folder:
// the plugin's command input) gets the current date at every run, which makes the next build run the tool again:
// SwiftPM plans a plugin's commands once, and a feature file added or removed after that would go unseen.
import Foundation
import SpecRunScenarioSource

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: specrun-scenarios PACKAGE_ROOT FEATURES_FOLDER OUTPUT.swift [STAMP]\n".utf8))
    exit(2)
}
let values = Array(arguments)
let root = URL(fileURLWithPath: values[0])
let folder = values[1]
let scenarios = ListedScenario.all(in: folder, root: root)
let source = TestSource.generate(scenarios, folder: folder)
let output = URL(fileURLWithPath: values[2])
do {
    if (try? String(contentsOf: output, encoding: .utf8)) != source {
        try source.write(to: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("specrun-scenarios: cannot write \(output.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
if values.count == 4 {
    do {
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: values[3])
    } catch {
        FileHandle.standardError.write(Data("specrun-scenarios: cannot date \(values[3]): \(error.localizedDescription)\n".utf8))
        exit(1)
    }
}
