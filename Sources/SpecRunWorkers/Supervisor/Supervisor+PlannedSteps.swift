import Messages

extension Supervisor {
    /// A planned test case's steps, as the supervisor reads them: each one's id and whether a hook runs in it, in
    /// the planned order. Kept until the test case is complete (to check a worker's lines against the plan and to
    /// repair a crash), so every test case of a run has them at once when its prelude ends: 50,000 test cases'
    /// worth at c50k, 500,000 at c500k.
    ///
    /// Held in one of two ways, for memory only (what is read is the same):
    /// - `sent`: the test case message's own array, when the run's index keeps that same array
    ///   (`Settings.plansWithSentSteps`): the steps take no memory of their own in the plan;
    /// - `kept`: ids, hook flags and code indices of the plan's own, when the index keeps a copy of its own (a
    ///   report reads match arguments): holding the message's array would keep it alive for the plan alone.
    struct PlannedSteps: RandomAccessCollection {
        /// A step as read: its id and whether a hook runs in it.
        struct Step {
            var id: String
            var isHook: Bool
        }

        /// A step as the plan keeps it: its id, whether a hook runs in it, where its code is (`Plan.definitions`).
        struct Kept {
            var id: String
            var isHook: Bool
            var definition: Int32
        }

        enum Storage {
            case sent([TestStep])
            case kept([Kept])
        }

        private(set) var storage: Storage

        init(_ storage: Storage) { self.storage = storage }

        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .sent(let steps): steps.count
            case .kept(let steps): steps.count
            }
        }

        subscript(position: Int) -> Step {
            switch storage {
            case .sent(let steps): Step(id: steps[position].id, isHook: steps[position].hookId != nil)
            case .kept(let steps): Step(id: steps[position].id, isHook: steps[position].isHook)
            }
        }

        /// The id of the step at `position` (read without making a `Step`: the check of every step a worker ends).
        func id(at position: Int) -> String {
            switch storage {
            case .sent(let steps): steps[position].id
            case .kept(let steps): steps[position].id
            }
        }

        /// Whether a step runs the code at `definition` (an index in `Plan.definitions`); `index` finds where a
        /// sent step's code is.
        func runs(_ definition: Int32, index: (TestStep) -> Int32) -> Bool {
            switch storage {
            case .sent(let steps):
                steps.contains { index($0) == definition }
            case .kept(let steps):
                steps.contains { $0.definition == definition }
            }
        }
    }
}
