extension Set where Element == String {
    /// The copy of `text` already in the pool, or `text` after adding it: strings kept by the thousand (step texts,
    /// snippet codes) share one storage per distinct text.
    public mutating func shared(_ text: String) -> String {
        if let found = firstIndex(of: text) { return self[found] }
        insert(text)
        return text
    }
}
