import Messages
import SharedState

/// The plans of a run made one feature file at a time (`SpecRunner.executeFileByFile`): a `PlanBook` per file,
/// added as each file is parsed, its test cases numbered after those of the files before it. A test case is
/// asked for once its file's book was added; the watchdog thread may describe a running one meanwhile.
final class FilePlans: PlanSource, Sendable {
    private let registry: StepRegistry
    private let books = Locked<State>(State())

    private struct State {
        /// Nil once its test cases ran (`letGo`).
        var books: [PlanBook?] = []
        /// The first book not let go yet.
        var live = 0
        /// The index of each book's first test case.
        var firsts: [Int] = []
        var count = 0
    }

    init(registry: StepRegistry) { self.registry = registry }

    /// Numbers the book's test cases after those added before; returns the first one's index.
    @discardableResult
    func add(_ book: PlanBook) -> Int {
        books.withLock { state in
            state.books.append(book)
            state.firsts.append(state.count)
            defer { state.count += book.count }
            return state.count
        }
    }

    var count: Int { books.withLock { $0.count } }

    /// The test cases of every book added so far ran: their pickles, ids and bindings can go (the reports keep
    /// their own), and the memory serves the files after them.
    func letGo() {
        // (Only the books added since the last call: a run of 10,000 files lets go 10,000 times.)
        let gone = books.withLock { state in
            let gone = Array(state.books[state.live...])
            for index in state.live..<state.books.count { state.books[index] = nil }
            state.live = state.books.count
            return gone
        }
        withExtendedLifetime(gone) {}
    }

    func plan(ofCase index: Int, with planner: Planner) -> TestCasePlan? {
        guard let (book, position) = book(of: index), let book else { return nil }
        return book.plan(at: position, with: planner)
    }

    func makePlanner() -> Planner { Planner(registry: registry) }

    func finished(_ index: Int) {}

    func knows(_ index: Int) -> Bool { book(of: index)?.0 != nil }

    /// The book holding the test case at `index`, and its position there. (The last book first: a run asks for
    /// the test cases of the file it just added.)
    private func book(of index: Int) -> (PlanBook?, Int)? {
        books.withLock { state in
            guard index >= 0, index < state.count, let last = state.firsts.last else { return nil }
            if index >= last { return (state.books[state.books.count - 1], index - last) }
            // The last first index at or before `index`.
            var low = 0
            var high = state.firsts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if state.firsts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            return (state.books[low], index - state.firsts[low])
        }
    }
}
