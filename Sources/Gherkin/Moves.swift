// Moving values out of where they are kept instead of copying them: a copy of a struct with strings and
// arrays retains each of them, and dropping the original releases them again, both atomic operations.
// The AST builder moves what a node holds into the message it makes, as the node is dropped after.

/// `value`, moved out of where it is (which keeps `empty`): no retain and release as a copy would cost.
@inline(__always)
func take<T>(_ value: inout T, leaving empty: T) -> T {
    var result = empty
    swap(&result, &value)
    return result
}

/// The elements of `array`, moved out one after the other (a `for … in` loop over an array copies each).
struct Drain<Element>: Sequence, IteratorProtocol {
    private var reversed: [Element]

    init(_ array: consuming [Element]) {
        reversed = array
        reversed.reverse()
    }

    mutating func next() -> Element? { reversed.popLast() }
}

/// The elements of `array`, which is left empty.
func drain<Element>(_ array: inout [Element]) -> Drain<Element> { Drain(take(&array, leaving: [])) }

/// Moves each element of `source` out, leaving `empty` in its place so that `source` is dropped at no cost, and hands
/// it to `body`. Iterating, reversing or appending the elements of an array of structs copies each (a retain and a
/// release per string and array in it); this only moves their bytes.
@inline(__always)
func moveEach<Element>(_ source: inout [Element], leaving empty: Element, _ body: (consuming Element) -> Void) {
    source.withUnsafeMutableBufferPointer { elements in
        for index in elements.indices {
            let slot = elements.baseAddress! + index
            body(slot.move())
            slot.initialize(to: empty)
        }
    }
}
