extension PHPValue {
    /// PHP's truthiness: `if ($value)`.
    package static func isTruthy(_ value: PHPValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let b): return b
        case .int(let n): return n != 0
        case .double(let d): return d != 0
        case .string(let s): return !(s.isEmpty || s == [0x30])
        case .array(let a): return !a.isEmpty
        }
    }
}
