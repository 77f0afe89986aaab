/// Courier's own SHA-512 (``PortableSHA2``): what ``SHA512`` hashes with where the platform has
/// no implementation Courier uses.
struct PortableSHA512: PortableSHA2 {
    static let blockSize = 128
    static let lengthSize = 16

    private var state: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179
    )
    var pending: [UInt8] = []
    var length: UInt64 = 0

    private static let k: [UInt64] = [
        0x428a_2f98_d728_ae22, 0x7137_4491_23ef_65cd, 0xb5c0_fbcf_ec4d_3b2f, 0xe9b5_dba5_8189_dbbc,
        0x3956_c25b_f348_b538, 0x59f1_11f1_b605_d019, 0x923f_82a4_af19_4f9b, 0xab1c_5ed5_da6d_8118,
        0xd807_aa98_a303_0242, 0x1283_5b01_4570_6fbe, 0x2431_85be_4ee4_b28c, 0x550c_7dc3_d5ff_b4e2,
        0x72be_5d74_f27b_896f, 0x80de_b1fe_3b16_96b1, 0x9bdc_06a7_25c7_1235, 0xc19b_f174_cf69_2694,
        0xe49b_69c1_9ef1_4ad2, 0xefbe_4786_384f_25e3, 0x0fc1_9dc6_8b8c_d5b5, 0x240c_a1cc_77ac_9c65,
        0x2de9_2c6f_592b_0275, 0x4a74_84aa_6ea6_e483, 0x5cb0_a9dc_bd41_fbd4, 0x76f9_88da_8311_53b5,
        0x983e_5152_ee66_dfab, 0xa831_c66d_2db4_3210, 0xb003_27c8_98fb_213f, 0xbf59_7fc7_beef_0ee4,
        0xc6e0_0bf3_3da8_8fc2, 0xd5a7_9147_930a_a725, 0x06ca_6351_e003_826f, 0x1429_2967_0a0e_6e70,
        0x27b7_0a85_46d2_2ffc, 0x2e1b_2138_5c26_c926, 0x4d2c_6dfc_5ac4_2aed, 0x5338_0d13_9d95_b3df,
        0x650a_7354_8baf_63de, 0x766a_0abb_3c77_b2a8, 0x81c2_c92e_47ed_aee6, 0x9272_2c85_1482_353b,
        0xa2bf_e8a1_4cf1_0364, 0xa81a_664b_bc42_3001, 0xc24b_8b70_d0f8_9791, 0xc76c_51a3_0654_be30,
        0xd192_e819_d6ef_5218, 0xd699_0624_5565_a910, 0xf40e_3585_5771_202a, 0x106a_a070_32bb_d1b8,
        0x19a4_c116_b8d2_d0c8, 0x1e37_6c08_5141_ab53, 0x2748_774c_df8e_eb99, 0x34b0_bcb5_e19b_48a8,
        0x391c_0cb3_c5c9_5a63, 0x4ed8_aa4a_e341_8acb, 0x5b9c_ca4f_7763_e373, 0x682e_6ff3_d6b2_b8a3,
        0x748f_82ee_5def_b2fc, 0x78a5_636f_4317_2f60, 0x84c8_7814_a1f0_ab72, 0x8cc7_0208_1a64_39ec,
        0x90be_fffa_2363_1e28, 0xa450_6ceb_de82_bde9, 0xbef9_a3f7_b2c6_7915, 0xc671_78f2_e372_532b,
        0xca27_3ece_ea26_619c, 0xd186_b8c7_21c0_c207, 0xeada_7dd6_cde0_eb1e, 0xf57d_4f7f_ee6e_d178,
        0x06f0_67aa_7217_6fba, 0x0a63_7dc5_a2c8_98a6, 0x113f_9804_bef9_0dae, 0x1b71_0b35_131c_471b,
        0x28db_77f5_2304_7d84, 0x32ca_ab7b_40c7_2493, 0x3c9e_be0a_15c9_bebc, 0x431d_67c4_9c10_0d4c,
        0x4cc5_d4be_cb3e_42b6, 0x597f_299c_fc65_7e2a, 0x5fcb_6fab_3ad6_faec, 0x6c44_198c_4a47_5817,
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
            let end = blocks + count &* 128
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
                    guard i < 80 else { break }
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
                block += 128
            }
        }
        state = (a, b, c, d, e, f, g, h)
    }

    /// The word of `block` at `index`, big-endian.
    @inline(__always)
    private static func word(_ block: UnsafeRawPointer, _ index: Int) -> UInt64 {
        UInt64(bigEndian: block.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
    }

    /// One round: `d` and `h` take the new values of `e` and `a`; the caller renames the rest.
    @inline(__always)
    private static func round(
        _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64, _ e: UInt64, _ f: UInt64, _ g: UInt64,
        _ h: inout UInt64, _ kw: UInt64
    ) {
        let s1 = (e &>> 14 | e &<< 50) ^ (e &>> 18 | e &<< 46) ^ (e &>> 41 | e &<< 23)
        let t1 = h &+ s1 &+ (g ^ (e & (f ^ g))) &+ kw
        let s0 = (a &>> 28 | a &<< 36) ^ (a &>> 34 | a &<< 30) ^ (a &>> 39 | a &<< 25)
        d &+= t1
        h = t1 &+ s0 &+ ((a & b) | (c & (a | b)))
    }

    /// The schedule's next word, replacing the oldest of the 16 kept, `w`.
    @inline(__always)
    private static func extend(_ w: inout UInt64, _ w1: UInt64, _ w9: UInt64, _ w14: UInt64) {
        let s0 = (w1 &>> 1 | w1 &<< 63) ^ (w1 &>> 8 | w1 &<< 56) ^ (w1 &>> 7)
        let s1 = (w14 &>> 19 | w14 &<< 45) ^ (w14 &>> 61 | w14 &<< 3) ^ (w14 &>> 6)
        w = w &+ s0 &+ w9 &+ s1
    }
}
