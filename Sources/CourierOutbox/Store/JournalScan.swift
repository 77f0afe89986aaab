/// What reading a journal found: its records, and any bytes that could not be read.
struct JournalScan {
    /// The records read, in order.
    var records: [JournalRecord] = []
    /// The offset after the last record read: where the journal goes on.
    var end = JournalFormat.headerLength
    /// The bytes of an unfinished last record (a write a crash cut short), cut off.
    var tornTailBytes = 0
    /// Stretches in the middle that hold no readable record, with readable records after them.
    var damaged: [Range<Int>] = []

    /// Reads the records of a journal whose header is valid.
    ///
    /// A stretch that is not a well-framed record (``JournalFormat/frameEnd(in:at:)``) is damage
    /// when a record follows it, and an unfinished last record when none does; a well-framed
    /// record whose payload does not read is damage too.
    init(_ bytes: [UInt8]) {
        var offset = JournalFormat.headerLength
        while offset < bytes.count {
            guard let next = JournalFormat.frameEnd(in: bytes, at: offset) else {
                guard
                    let resume = ((offset + 1)..<bytes.count).first(where: {
                        JournalFormat.frameEnd(in: bytes, at: $0) != nil
                    })
                else {
                    tornTailBytes = bytes.count - offset
                    return
                }
                damaged.append(offset..<resume)
                offset = resume
                continue
            }
            let payload = bytes[(offset + JournalFormat.frameHeaderLength)..<next]
            if let record = try? JournalRecord(payload: payload) {
                records.append(record)
            } else {
                damaged.append(offset..<next)
            }
            offset = next
            end = next
        }
    }
}
