import Messages
import SpecRunCore

/// The wire form of test cases. A suite says the same steps again and again, and each `testCase` message repeats,
/// for every step, which definitions it matched and the whole tree of its match arguments — most of a run's
/// prelude (18 MB of JSON for 10,000 scenarios), decoded again by the supervisor. Here a step's binding (its
/// definition ids and argument lists) crosses once, and each test case as one line naming them by number:
///
///     !B <the JSON of a carrier envelope: a testCase whose one step holds the binding>
///     !T <testCaseId> <pickleId> <testRunStartedId, or ! for none> <step count> (h <testStepId> <hookId> | s <testStepId> <pickleStepId> <binding number>)…
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
        /// The same numbers by the arrays' storage: a step bound to a text matched before holds the very arrays of
        /// its match (`StepMatch`), found without hashing their contents.
        private var byStorage: [SharedBinding: Int] = [:]
        /// The same again by the addresses alone, in slots: found without hashing (see `RecentBindings`).
        private var recent = RecentBindings()
        /// The test case line being written (kept for its capacity).
        private var line: [UInt8] = []
        /// The bindings the test case being written added (taken back if it cannot go compact after all).
        private var added: [(binding: SharedBinding, isNew: Bool)] = []

        /// Appends the binding lines it needs and the test case's line, and returns true; or appends nothing and
        /// returns false (the caller writes the test case as JSON).
        mutating func encode(_ testCase: TestCase, into out: inout [UInt8]) -> Bool {
            guard testCase.testSteps.allSatisfy(Self.fitsStep) else { return false }
            return encode(
                id: testCase.id, pickleId: testCase.pickleId, testRunStartedId: testCase.testRunStartedId,
                stepCount: testCase.testSteps.count, into: &out
            ) { body in
                testCase.testSteps.allSatisfy { step in
                    if let hookId = step.hookId { return body(.hook(id: step.id, hookId: hookId)) }
                    return body(
                        .pickleStep(
                            id: step.id, pickleStepId: step.pickleStepId ?? "",
                            definitionIds: step.stepDefinitionIds ?? [],
                            argumentsLists: step.stepMatchArgumentsLists ?? []))
                }
            }
        }

        /// The same from a planned test case, without its message.
        mutating func encode(_ testCase: PlannedTestCase, into out: inout [UInt8]) -> Bool {
            encode(
                id: testCase.id, pickleId: testCase.pickleId, testRunStartedId: testCase.testRunStartedId,
                stepCount: testCase.stepCount, into: &out, steps: testCase.allSteps)
        }

        /// `steps` calls its argument with each step while it returns true, and says whether it saw them all. One
        /// pass: a step that cannot go compact undoes what the earlier ones added.
        private mutating func encode(
            id: String, pickleId: String, testRunStartedId: String?, stepCount: Int,
            into out: inout [UInt8],
            steps: ((PlannedTestCase.Step) -> Bool) -> Bool
        ) -> Bool {
            guard fits(id), fits(pickleId), testRunStartedId.map({ fits($0) && !$0.hasPrefix("!") }) ?? true else {
                return false
            }
            // Near the limit: only test cases whose bindings were all sent go compact.
            let nearLimit = numbers.count + stepCount > Self.limit
            let outStart = out.count
            added.removeAll(keepingCapacity: true)
            // The test case's line is made apart: a binding it sends first goes before it.
            line.removeAll(keepingCapacity: true)
            head(testCaseKind, into: &line)
            field(id, &line); field(pickleId, &line)
            field(testRunStartedId ?? "!", &line)
            field(stepCount, &line)
            let complete = steps { step in
                switch step {
                // (A step that does not fit ends the line's making: what it appended is dropped with the line.)
                case .hook(let stepId, let hookId):
                    line.append(UInt8(ascii: "h")); line.append(0x20)
                    guard field(ifFits: stepId, &line), field(ifFits: hookId, &line) else { return false }
                case .pickleStep(let stepId, let pickleStepId, let ids, let lists):
                    line.append(UInt8(ascii: "s")); line.append(0x20)
                    guard field(ifFits: stepId, &line), field(ifFits: pickleStepId, &line),
                        !nearLimit || numbers[Binding(ids: ids, lists: lists)] != nil
                    else { return false }
                    field(self.number(ids, lists, &out), &line)
                }
                return true
            }
            guard complete else {
                out.removeSubrange(outStart...)
                for (binding, isNew) in added {
                    if isNew { numbers[Binding(ids: binding.ids, lists: binding.lists)] = nil }
                    byStorage[binding] = nil
                }
                if !added.isEmpty { recent.clear() }
                return false
            }
            line[line.count - 1] = 0x0A  // the last field's space ends the line
            out += line
            return true
        }

        /// The number of a binding, after appending its `!B` line when it is new.
        private mutating func number(_ ids: [String], _ lists: [StepMatchArgumentsList], _ out: inout [UInt8]) -> Int {
            if let known = recent.number(ids, lists) { return known }
            let shared = SharedBinding(ids: ids, lists: lists)
            if let known = byStorage[shared] {
                recent.remember(ids, lists, known)
                return known
            }
            let binding = Binding(ids: ids, lists: lists)
            let next = numbers.count
            let number = numbers[binding, default: next]  // one lookup for a binding sent before
            let isNew = number == next
            if isNew {
                numbers[binding] = next
                head(bindingKind, into: &out)
                NDJSON.encode(binding.carrier, into: &out)
                out.append(0x0A)
            }
            let cached = byStorage.count < Self.limit * 2
            if cached { byStorage[shared] = number }
            if isNew || cached { added.append((shared, isNew)) }
            return number
        }

        /// A hook step, or a pickle step with its definitions and arguments (empty for an undefined step), whose
        /// ids can be fields.
        private static func fitsStep(_ step: TestStep) -> Bool {
            if step.hookId != nil {
                return step.pickleStepId == nil && step.stepDefinitionIds == nil && step.stepMatchArgumentsLists == nil
            }
            return step.pickleStepId != nil && step.stepDefinitionIds != nil && step.stepMatchArgumentsLists != nil
        }
    }

    /// The supervisor's end: the bindings in the order their lines came.
    struct TestCaseBindings {
        private var bindings: [(ids: [String], lists: [StepMatchArgumentsList])] = []
        /// One definition-id array a definition, by the id's bytes: the test steps of every binding of a definition
        /// hold the same array, as the worker's planner made them (see `StepMatch.soleDefinitionIds`).
        private var idArrays: [[UInt8]: [String]] = [:]

        /// Learns the binding of a `!B` line (without its newline); false when the line is not a well-formed one.
        mutating func learn<C: Collection>(_ line: C) -> Bool where C.Element == UInt8, C.Index == Int {
            guard line.count > 3, line[line.startIndex] == marker, line[line.startIndex + 1] == bindingKind,
                line[line.startIndex + 2] == 0x20
            else { return false }
            var carrier: Envelope?
            try? Array(line.dropFirst(3)).withUnsafeBufferPointer { json in
                try NDJSON.forEachEnvelope(in: json) { carrier = $0 }
            }
            guard let step = carrier?.testCase?.testSteps.first,
                var ids = step.stepDefinitionIds, let lists = step.stepMatchArgumentsLists
            else { return false }
            if ids.count == 1 {
                let key = Array(ids[0].utf8)
                if let shared = idArrays[key] { ids = shared } else { idArrays[key] = ids }
            }
            bindings.append((ids, lists))
            return true
        }

        /// The test case of a `!T` line (without its newline); nil when it is not a well-formed one or names a
        /// binding not sent.
        func decode<C: Collection>(_ line: C) -> Envelope? where C.Element == UInt8 {
            Array(line).withUnsafeBufferPointer { decode($0) }
        }

        func decode(_ line: UnsafeBufferPointer<UInt8>) -> Envelope? {
            var reader = FieldReader(line)
            guard reader.byte() == marker, reader.byte() == testCaseKind, reader.byte() == 0x20,
                let id = reader.text(), let pickleId = reader.text(), let runId = reader.text(),
                let count = reader.number(), count >= 0
            else { return nil }
            // Made at its size: appending grows it at 1, 2, 4, 8… steps. (A step takes at least six bytes of the line:
            // a count no line could hold reserves no more than the line could. Not `init(unsafeUninitializedCapacity:)`:
            // it makes the array through the stdlib's unspecialized entry point, which looks up the storage class's
            // metadata in the runtime's cache at every call.)
            var steps: [TestStep] = []
            steps.reserveCapacity(min(count, line.count / 6))
            while !reader.atEnd {
                guard let kind = reader.bytes(), kind.count == 1,
                    let stepId = reader.text(), let other = reader.text()
                else { return nil }
                switch kind[0] {
                case UInt8(ascii: "h"):
                    steps.append(TestStep(hookId: other, id: stepId))
                case UInt8(ascii: "s"):
                    guard let number = reader.number(), number >= 0, number < bindings.count else { return nil }
                    let binding = bindings[number]
                    steps.append(
                        TestStep(
                            id: stepId, pickleStepId: other, stepDefinitionIds: binding.ids,
                            stepMatchArgumentsLists: binding.lists))
                default:
                    return nil
                }
            }
            guard steps.count == count else { return nil }
            return Envelope(
                testCase: TestCase(
                    id: id, pickleId: pickleId, testSteps: steps,
                    testRunStartedId: runId == "!" ? nil : runId))
        }
    }
}

/// What a pickle step was bound to: its definitions and their match arguments, as a dictionary key. Two bindings
/// are the same when their texts have the same bytes: a `!T` line naming a binding sent before must decode to the
/// very test case the worker made (two canonically equivalent texts, equal for `String ==`, are two bindings). The
/// hash is `String`'s (canonical): texts of the same bytes hash alike, as the contract asks.
private struct Binding: Hashable {
    let ids: [String]
    let lists: [StepMatchArgumentsList]

    /// A test case whose one step holds the binding: how it crosses as JSON.
    var carrier: Envelope {
        Envelope(
            testCase: TestCase(
                id: "b", pickleId: "b",
                testSteps: [TestStep(id: "b", stepDefinitionIds: ids, stepMatchArgumentsLists: lists)]))
    }

    static func == (lhs: Binding, rhs: Binding) -> Bool {
        lhs.ids.count == rhs.ids.count && zip(lhs.ids, rhs.ids).allSatisfy(same)
            && lhs.lists.count == rhs.lists.count
            && zip(lhs.lists, rhs.lists).allSatisfy { left, right in
                left.stepMatchArguments.count == right.stepMatchArguments.count
                    && zip(left.stepMatchArguments, right.stepMatchArguments).allSatisfy { a, b in
                        same(a.parameterTypeName, b.parameterTypeName) && same(a.group, b.group)
                    }
            }
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }

    private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let l?, let r?): return same(l, r)
        default: return false
        }
    }

    private static func same(_ lhs: Group, _ rhs: Group) -> Bool {
        guard lhs.start == rhs.start, same(lhs.value, rhs.value) else { return false }
        switch (lhs.children, rhs.children) {
        case (nil, nil): return true
        case (let l?, let r?): return l.count == r.count && zip(l, r).allSatisfy { same($0, $1) }
        default: return false
        }
    }

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

/// Binding numbers by the addresses of the two arrays' storage, in direct-mapped slots: a front for
/// `TestCaseTable.byStorage`, which keeps those arrays alive (an entry is only made from one of its entries, and the
/// slots are cleared when entries leave it), so an address here is never another array's.
private struct RecentBindings {
    /// Room for the bindings of a suite of a few thousand step texts, few of them in the same slot (c10k binds a few
    /// hundred: in 256 slots, many evicted one another and were found in `byStorage` instead, hashed).
    private static let slots = 4_096
    private var entries = [(ids: UnsafeRawPointer?, lists: UnsafeRawPointer?, number: Int)](
        repeating: (nil, nil, -1), count: RecentBindings.slots)

    func number(_ ids: [String], _ lists: [StepMatchArgumentsList]) -> Int? {
        let (idsAddress, listsAddress) = Self.addresses(ids, lists)
        let entry = entries[Self.slot(idsAddress, listsAddress)]
        return entry.number >= 0 && entry.ids == idsAddress && entry.lists == listsAddress ? entry.number : nil
    }

    mutating func remember(_ ids: [String], _ lists: [StepMatchArgumentsList], _ number: Int) {
        let (idsAddress, listsAddress) = Self.addresses(ids, lists)
        entries[Self.slot(idsAddress, listsAddress)] = (idsAddress, listsAddress, number)
    }

    mutating func clear() {
        for index in entries.indices { entries[index] = (nil, nil, -1) }
    }

    private static func addresses(_ ids: [String], _ lists: [StepMatchArgumentsList]) -> (UnsafeRawPointer?, UnsafeRawPointer?) {
        (
            ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
            lists.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        )
    }

    private static func slot(_ ids: UnsafeRawPointer?, _ lists: UnsafeRawPointer?) -> Int {
        let bits = UInt(bitPattern: ids) ^ (UInt(bitPattern: lists) &* 31)
        return Int((bits >> 4) & UInt(slots - 1))
    }
}

/// A binding known by the storage of its two arrays (kept alive here, so no other array can take their place).
private struct SharedBinding: Hashable {
    let ids: [String]
    let lists: [StepMatchArgumentsList]

    static func == (lhs: SharedBinding, rhs: SharedBinding) -> Bool {
        lhs.idsStorage == rhs.idsStorage && lhs.listsStorage == rhs.listsStorage
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(idsStorage)
        hasher.combine(listsStorage)
    }

    // (An empty array's storage is the one shared empty storage, and empty is empty.)
    private var idsStorage: UnsafeRawPointer? { ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
    private var listsStorage: UnsafeRawPointer? { lists.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
}
