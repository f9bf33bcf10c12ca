/// Arrays read into storage of their exact size, allocated once.
///
/// Appending to an array as its elements are read reallocates it at 1, 2, 4, 8… elements, and each time the old
/// storage is released and freed: a gherkin document's 50 children made 7 allocations, and that churn was a fifth
/// of decoding. Instead, the elements of an array of two or more wait on the reader's element stack, a buffer
/// reused by every array of the line (and nested arrays above their parent's elements), and are moved into an
/// array of the right size at the `]`. The array then also holds no spare capacity.
extension JSONReader {
    mutating func readArray<Element: JSONReadable>(of type: Element.Type) throws(JSONFailure) -> [Element] {
        try beginArray()
        var first = true
        guard try nextElement(&first) else { return [] }
        let head: Element
        do { head = try Element(json: &self) } catch { throw error.under(.index(0)) }
        guard try nextElement(&first) else { return [head] }

        let stride = MemoryLayout<Element>.stride
        let frame = (stackTop &+ 15) & ~15  // 16-byte aligned: enough for every element type
        var count = 0
        push(head, at: frame)
        count = 1
        do throws(JSONFailure) {
            repeat {
                let element: Element
                do { element = try Element(json: &self) } catch { throw error.under(.index(count)) }
                // Nested arrays read inside `element` have popped their frames: this position is free again.
                push(element, at: frame &+ count &* stride)
                count &+= 1
            } while try nextElement(&first)
        } catch {
            (stackBase! + frame).assumingMemoryBound(to: Element.self).deinitialize(count: count)
            stackTop = frame
            throw error
        }
        let elements = (stackBase! + frame).assumingMemoryBound(to: Element.self)
        // Reserved and appended, not `init(unsafeUninitializedCapacity:)`: that one makes the array through the
        // stdlib's unspecialized entry point, which looks up `_ContiguousArrayStorage<Element>` in the runtime's
        // metadata cache at every call (a hash lookup under a lock per array).
        var array: [Element] = []
        array.reserveCapacity(count)
        for position in 0..<count { array.append((elements + position).move()) }
        stackTop = frame
        return array
    }

    /// Moves `element` onto the stack at byte `offset` (the stack grows as needed; its elements are moved with
    /// it, which every message type allows: none holds a weak reference or its own address).
    @inline(__always)
    private mutating func push<Element>(_ element: consuming Element, at offset: Int) {
        let end = offset &+ MemoryLayout<Element>.stride
        if end > stackCapacity { growStack(to: end) }
        (stackBase! + offset).initializeMemory(as: Element.self, to: element)
        stackTop = end
    }

    @inline(never)
    private mutating func growStack(to end: Int) {
        let capacity = Swift.max(end, stackCapacity &* 2, 4096)
        let base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        if let old = stackBase {
            base.copyMemory(from: old, byteCount: stackTop)
            old.deallocate()
        }
        stackBase = base
        stackCapacity = capacity
    }
}
