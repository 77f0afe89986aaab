/// Which flushes the store makes. Every one is on in an outbox; the crash tests turn one off to
/// show that the guarantee then fails, so each flush is seen to matter.
package struct StoreDurability: Sendable {
    /// Whether each appended record is flushed (`fsync` of the journal) before the change it
    /// records is acknowledged.
    package var syncsRecords = true
    /// Whether a directory is flushed after a file is created or renamed in it (a new journal,
    /// a compacted journal, a copied body), so that its name survives.
    package var syncsDirectories = true
    /// Whether a rewritten (compacted) journal and a copied body are flushed before they are
    /// renamed into place or named by a record.
    package var syncsRewrites = true

    /// Every flush: what an outbox uses.
    package static let full = StoreDurability()

    /// A store's flushes.
    package init(syncsRecords: Bool = true, syncsDirectories: Bool = true, syncsRewrites: Bool = true) {
        self.syncsRecords = syncsRecords
        self.syncsDirectories = syncsDirectories
        self.syncsRewrites = syncsRewrites
    }
}
