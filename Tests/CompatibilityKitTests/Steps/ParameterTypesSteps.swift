import SpecRun

/// CCK `parameter-types`: a custom {flight} parameter type with two capture groups.
struct Flight: Sendable, Equatable {
    let from: String
    let to: String
}

final class ParameterTypesWorld: World { init() {} }

enum ParameterTypesSteps: StepLibrary {
    static func register(_ steps: inout Steps<ParameterTypesWorld>) {
        steps.parameterType(name: "flight", regex: "([A-Z]{3})-([A-Z]{3})") { (groups: [String]) in
            Flight(from: groups[0], to: groups[1])
        }
        steps.given("{flight} has been delayed") { (_, flight: Flight) in
            try expect(flight.from, equals: "LHR")
            try expect(flight.to, equals: "CDG")
        }
    }
}
