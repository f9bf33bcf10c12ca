import Messages

/// A document run as Gherkin (a story document's Given/When/Then blocks): the Gherkin text made of it and, for
/// each of its lines, the document's line. The runner parses the text and moves every location to the
/// document's lines, so results, line selectors (`doc.md:21`) and reports point into the document.
public struct TranslatedDocument: Sendable, Equatable {
    public var gherkin: String
    /// `lines[n - 1]`: the document's line of the Gherkin's line n.
    public var lines: [Int]

    public init(gherkin: String, lines: [Int]) {
        self.gherkin = gherkin
        self.lines = lines
    }

    /// The envelope with every Gherkin line moved to the document's.
    func remap(_ envelope: Envelope) -> Envelope {
        var envelope = envelope
        if var document = envelope.gherkinDocument, var feature = document.feature {
            move(&feature.location)
            feature.tags = feature.tags.map(moved)
            feature.children = feature.children.map { child in
                var child = child
                child.scenario = child.scenario.map(moved)
                if var rule = child.rule {
                    move(&rule.location)
                    rule.tags = rule.tags.map(moved)
                    rule.children = rule.children.map { ruleChild in
                        var ruleChild = ruleChild
                        ruleChild.scenario = ruleChild.scenario.map(moved)
                        return ruleChild
                    }
                    child.rule = rule
                }
                return child
            }
            document.feature = feature
            envelope.gherkinDocument = document
        }
        if var pickle = envelope.pickle, var location = pickle.location {
            move(&location)
            pickle.location = location
            envelope.pickle = pickle
        }
        if var error = envelope.parseError, var location = error.source.location {
            move(&location)
            error.source.location = location
            envelope.parseError = error
        }
        return envelope
    }

    private func move(_ location: inout Location) {
        if location.line >= 1, location.line <= lines.count { location.line = lines[location.line - 1] }
    }

    private func moved(_ tag: Tag) -> Tag {
        var tag = tag
        move(&tag.location)
        return tag
    }

    private func moved(_ scenario: Scenario) -> Scenario {
        var scenario = scenario
        move(&scenario.location)
        scenario.tags = scenario.tags.map(moved)
        scenario.steps = scenario.steps.map { step in
            var step = step
            move(&step.location)
            return step
        }
        return scenario
    }
}
