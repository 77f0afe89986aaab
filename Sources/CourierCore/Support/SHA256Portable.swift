/// Courier's own SHA-256 (``PortableSHA2``): what ``SHA256`` hashes with where the platform has
/// no implementation Courier uses.
struct PortableSHA256: PortableSHA2 {
    static let blockSize = 64
    static let lengthSize = 8

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    var pending: [UInt8] = []
    var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    var stateBytes: [UInt8] {
        let (a, b, c, d, e, f, g, h) = state
        return [a, b, c, d, e, f, g, h].flatMap { word in withUnsafeBytes(of: word.bigEndian) { Array($0) } }
    }

    mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
        var (a, b, c, d, e, f, g, h) = state
        Self.k.withUnsafeBufferPointer { k in
            let k = k.baseAddress!
            var block = blocks
            let end = blocks + count &* 64
            while block < end {
                // The message schedule's last 16 words, `w0` the oldest.
                var w0 = Self.word(block, 0)
                var w1 = Self.word(block, 1)
                var w2 = Self.word(block, 2)
                var w3 = Self.word(block, 3)
                var w4 = Self.word(block, 4)
                var w5 = Self.word(block, 5)
                var w6 = Self.word(block, 6)
                var w7 = Self.word(block, 7)
                var w8 = Self.word(block, 8)
                var w9 = Self.word(block, 9)
                var w10 = Self.word(block, 10)
                var w11 = Self.word(block, 11)
                var w12 = Self.word(block, 12)
                var w13 = Self.word(block, 13)
                var w14 = Self.word(block, 14)
                var w15 = Self.word(block, 15)
                let (a0, b0, c0, d0, e0, f0, g0, h0) = (a, b, c, d, e, f, g, h)
                var i = 0
                while true {
                    Self.round(a, b, c, &d, e, f, g, &h, k[i &+ 0] &+ w0)
                    Self.round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w1)
                    Self.round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w2)
                    Self.round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w3)
                    Self.round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w4)
                    Self.round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w5)
                    Self.round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w6)
                    Self.round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w7)
                    Self.round(a, b, c, &d, e, f, g, &h, k[i &+ 8] &+ w8)
                    Self.round(h, a, b, &c, d, e, f, &g, k[i &+ 9] &+ w9)
                    Self.round(g, h, a, &b, c, d, e, &f, k[i &+ 10] &+ w10)
                    Self.round(f, g, h, &a, b, c, d, &e, k[i &+ 11] &+ w11)
                    Self.round(e, f, g, &h, a, b, c, &d, k[i &+ 12] &+ w12)
                    Self.round(d, e, f, &g, h, a, b, &c, k[i &+ 13] &+ w13)
                    Self.round(c, d, e, &f, g, h, a, &b, k[i &+ 14] &+ w14)
                    Self.round(b, c, d, &e, f, g, h, &a, k[i &+ 15] &+ w15)
                    i &+= 16
                    guard i < 64 else { break }
                    Self.extend(&w0, w1, w9, w14)
                    Self.extend(&w1, w2, w10, w15)
                    Self.extend(&w2, w3, w11, w0)
                    Self.extend(&w3, w4, w12, w1)
                    Self.extend(&w4, w5, w13, w2)
                    Self.extend(&w5, w6, w14, w3)
                    Self.extend(&w6, w7, w15, w4)
                    Self.extend(&w7, w8, w0, w5)
                    Self.extend(&w8, w9, w1, w6)
                    Self.extend(&w9, w10, w2, w7)
                    Self.extend(&w10, w11, w3, w8)
                    Self.extend(&w11, w12, w4, w9)
                    Self.extend(&w12, w13, w5, w10)
                    Self.extend(&w13, w14, w6, w11)
                    Self.extend(&w14, w15, w7, w12)
                    Self.extend(&w15, w0, w8, w13)
                }
                (a, b, c, d) = (a &+ a0, b &+ b0, c &+ c0, d &+ d0)
                (e, f, g, h) = (e &+ e0, f &+ f0, g &+ g0, h &+ h0)
                block += 64
            }
        }
        state = (a, b, c, d, e, f, g, h)
    }

    /// The word of `block` at `index`, big-endian.
    @inline(__always)
    private static func word(_ block: UnsafeRawPointer, _ index: Int) -> UInt32 {
        UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    /// One round: `d` and `h` take the new values of `e` and `a`; the caller renames the rest.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ kw: UInt32
    ) {
        let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
        let t1 = h &+ s1 &+ (g ^ (e & (f ^ g))) &+ kw
        let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
        d &+= t1
        h = t1 &+ s0 &+ ((a & b) | (c & (a | b)))
    }

    /// The schedule's next word, replacing the oldest of the 16 kept, `w`.
    @inline(__always)
    private static func extend(_ w: inout UInt32, _ w1: UInt32, _ w9: UInt32, _ w14: UInt32) {
        let s0 = (w1 &>> 7 | w1 &<< 25) ^ (w1 &>> 18 | w1 &<< 14) ^ (w1 &>> 3)
        let s1 = (w14 &>> 17 | w14 &<< 15) ^ (w14 &>> 19 | w14 &<< 13) ^ (w14 &>> 10)
        w = w &+ s0 &+ w9 &+ s1
    }
}
