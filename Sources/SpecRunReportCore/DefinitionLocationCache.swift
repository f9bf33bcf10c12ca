/// The `uri:line` of the step definitions of the steps printed last, by the identity of their definition id
/// arrays: the run index keeps one array for every step a definition matched, so the console finds a step's
/// location by comparing addresses, not by hashing the id (it prints one per step). Each array is held while
/// cached, so its address is not reused for another.
struct DefinitionLocationCache {
    private static let size = 16
    private var addresses: [UnsafeRawPointer?] = []
    private var arrays: [[String]] = []
    private var locations: [String?] = []
    private var next = 0

    /// The location cached for `ids`, or `lookUp`'s, then cached.
    mutating func location(of ids: [String], lookUp: (String) -> String?) -> String? {
        let address = ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let found = addresses.firstIndex(of: address) { return locations[found] }
        let location = lookUp(ids[0])
        if addresses.count < Self.size {
            addresses.append(address)
            arrays.append(ids)
            locations.append(location)
        } else {
            addresses[next] = address
            arrays[next] = ids
            locations[next] = location
            next = (next + 1) % Self.size
        }
        return location
    }
}
