import Messages

/// The wire form of test cases. A suite says the same steps again and again, and each `testCase` message repeats,
/// for every step, which definitions it matched and the whole tree of its match arguments — most of a run's
/// prelude (18 MB of JSON for 10,000 scenarios), decoded again by the supervisor. Here a step's binding (its
/// definition ids and argument lists) crosses once, and each test case as one line naming them by number:
///
///     !B <the JSON of a carrier envelope: a testCase whose one step holds the binding>
///     !T <testCaseId> <pickleId> <testRunStartedId, or ! for none> (h <testStepId> <hookId> | s <testStepId> <pickleStepId> <binding number>)…
///
/// Both ends number the bindings in the order of the `!B` lines (one table a worker process). A test case with
/// a step of another shape (an undefined step's empty lists are a binding too; a step with both a hook and a
/// pickle step is not) goes as JSON, as before.
extension CompactEnvelope {
    static let testCaseKind = UInt8(ascii: "T")
    static let bindingKind = UInt8(ascii: "B")

    /// The worker's end: the bindings sent so far, and under what number. At most `limit` (both ends keep them
    /// all: a suite whose every step says something new sends the test cases past it as JSON).
    struct TestCaseTable {
        static let limit = 4_096
        private var numbers: [Binding: Int] = [:]

        /// Appends the binding lines it needs and the test case's line, and returns true; or appends nothing and
        /// returns false (the caller writes the test case as JSON).
        mutating func encode(_ testCase: TestCase, into out: inout [UInt8]) -> Bool {
            guard fitsField(testCase.id), fitsField(testCase.pickleId),
                  testCase.testRunStartedId.map({ fitsField($0) && !$0.hasPrefix("!") }) ?? true,
                  testCase.testSteps.allSatisfy(Self.fits) else { return false }
            if numbers.count + testCase.testSteps.count > Self.limit {
                // Near the limit: only test cases whose bindings were all sent go compact.
                for step in testCase.testSteps where step.hookId == nil {
                    guard numbers[Binding(ids: step.stepDefinitionIds ?? [], lists: step.stepMatchArgumentsLists ?? [])] != nil else { return false }
                }
            }
            appendHead(testCaseKind, into: &out)
            appendField(testCase.id, &out); appendField(testCase.pickleId, &out)
            appendField(testCase.testRunStartedId ?? "!", &out)
            for step in testCase.testSteps {
                if let hookId = step.hookId {
                    appendField("h", &out); appendField(step.id, &out); appendField(hookId, &out)
                    continue
                }
                let binding = Binding(ids: step.stepDefinitionIds ?? [], lists: step.stepMatchArgumentsLists ?? [])
                let next = numbers.count
                let number = numbers[binding, default: next]  // one lookup for a binding sent before
                if number == next {
                    // A new binding: its line goes first (before this test case's line, which is being written).
                    numbers[binding] = next
                    var line: [UInt8] = []
                    appendHead(bindingKind, into: &line)
                    NDJSON.encode(binding.carrier, into: &line)
                    line.append(0x0A)
                    out.insert(contentsOf: line, at: lineStart(of: out))
                }
                appendField("s", &out); appendField(step.id, &out); appendField(step.pickleStepId ?? "", &out)
                appendNumber(number, &out)
            }
            out[out.count - 1] = 0x0A  // the last field's space ends the line
            return true
        }

        /// A hook step, or a pickle step with its definitions and arguments (empty for an undefined step), whose
        /// ids can be fields.
        private static func fits(_ step: TestStep) -> Bool {
            guard fitsField(step.id) else { return false }
            if let hookId = step.hookId {
                return fitsField(hookId) && step.pickleStepId == nil && step.stepDefinitionIds == nil
                    && step.stepMatchArgumentsLists == nil
            }
            guard let pickleStepId = step.pickleStepId, fitsField(pickleStepId) else { return false }
            return step.stepDefinitionIds != nil && step.stepMatchArgumentsLists != nil
        }

        /// Where the last line of `out` (the one being written) starts.
        private func lineStart(of out: [UInt8]) -> Int {
            (out.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        }
    }

    /// The supervisor's end: the bindings in the order their lines came.
    struct TestCaseBindings {
        private var bindings: [(ids: [String], lists: [StepMatchArgumentsList])] = []

        /// Learns the binding of a `!B` line (without its newline); false when the line is not a well-formed one.
        mutating func learn<C: Collection>(_ line: C) -> Bool where C.Element == UInt8, C.Index == Int {
            guard line.count > 3, line[line.startIndex] == marker, line[line.startIndex + 1] == bindingKind,
                  line[line.startIndex + 2] == 0x20 else { return false }
            let json = String(decoding: line.dropFirst(3), as: UTF8.self)
            guard let step = (try? NDJSON.decode(json))?.first?.testCase?.testSteps.first,
                  let ids = step.stepDefinitionIds, let lists = step.stepMatchArgumentsLists else { return false }
            bindings.append((ids, lists))
            return true
        }

        /// The test case of a `!T` line (without its newline); nil when it is not a well-formed one or names a
        /// binding not sent.
        func decode<C: Collection>(_ line: C) -> Envelope? where C.Element == UInt8, C.Index == Int {
            var reader = FieldReader(line)
            guard reader.byte() == marker, reader.byte() == testCaseKind, reader.byte() == 0x20,
                  let id = reader.text(), let pickleId = reader.text(), let runId = reader.text() else { return nil }
            var steps: [TestStep] = []
            while !reader.atEnd {
                guard let kind = reader.text(), let stepId = reader.text(), let other = reader.text() else { return nil }
                switch kind {
                case "h":
                    steps.append(TestStep(hookId: other, id: stepId))
                case "s":
                    guard let number = reader.number(), number >= 0, number < bindings.count else { return nil }
                    let binding = bindings[number]
                    steps.append(TestStep(id: stepId, pickleStepId: other, stepDefinitionIds: binding.ids,
                                          stepMatchArgumentsLists: binding.lists))
                default:
                    return nil
                }
            }
            return Envelope(testCase: TestCase(id: id, pickleId: pickleId, testSteps: steps,
                                               testRunStartedId: runId == "!" ? nil : runId))
        }
    }

    /// Whether a compact line (from its marker) is of this kind.
    static func isKind<C: Collection>(_ kind: UInt8, _ line: C) -> Bool where C.Element == UInt8, C.Index == Int {
        line.count > 2 && line[line.startIndex] == marker && line[line.startIndex + 1] == kind
    }
}

/// What a pickle step was bound to: its definitions and their match arguments, as a dictionary key.
private struct Binding: Hashable {
    let ids: [String]
    let lists: [StepMatchArgumentsList]

    /// A test case whose one step holds the binding: how it crosses as JSON.
    var carrier: Envelope {
        Envelope(testCase: TestCase(id: "b", pickleId: "b",
                                    testSteps: [TestStep(id: "b", stepDefinitionIds: ids, stepMatchArgumentsLists: lists)]))
    }

    static func == (lhs: Binding, rhs: Binding) -> Bool { lhs.ids == rhs.ids && lhs.lists == rhs.lists }

    /// The ids and each argument's start, value and type (a match's groups follow from those).
    func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(lists.count)
        for list in lists {
            hasher.combine(list.stepMatchArguments.count)
            for argument in list.stepMatchArguments {
                hasher.combine(argument.group.start)
                hasher.combine(argument.group.value)
                hasher.combine(argument.parameterTypeName)
            }
        }
    }
}
