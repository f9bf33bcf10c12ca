// The tool of the SpecRunScenarios build plugin: reads a package's feature folder with specrun's Gherkin parser and
// writes one Swift Testing test per scenario.
//     specrun-scenarios ROOT FOLDER OUTPUT.swift
import Foundation
import SpecRunScenarioSource

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: specrun-scenarios PACKAGE_ROOT FEATURES_FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let values = Array(arguments)
let root = URL(fileURLWithPath: values[0])
let folder = values[1]
let scenarios = ListedScenario.all(in: folder, root: root)
let source = TestSource.generate(scenarios, folder: folder)
let output = URL(fileURLWithPath: values[2])
do {
    try source.write(to: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("specrun-scenarios: cannot write \(output.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
