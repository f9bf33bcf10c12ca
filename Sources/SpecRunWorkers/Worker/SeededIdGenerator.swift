import Messages

/// Short random ids (see `RandomIdGenerator`) drawn from a seeded generator: random-looking for people and tools, yet the same sequence in
/// every worker of one run, so a restarted worker names the sources, pickles and test cases as the first did.
typealias SeededIdGenerator = RandomIdGenerator
