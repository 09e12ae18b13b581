//! P3's two keys of one URL: what the host table makes of a URL and the store is fed.

/// P3's two keys of one URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteKeys {
    /// `"http://" + host + path`: the key before the table is used.
    pub host_key: String,
    /// Length of `host_key`'s site part, `"http://" + host[:port]` (the path follows).
    pub site_len: usize,
    /// MD5 of `host_key`, as a `u128`.
    pub host_id: u128,
    /// `"http://" + IP + path` (the host itself when unresolved).
    pub ip_key: String,
    /// `"http://" + name + path`.
    pub name_key: String,
    /// MD5 of `ip_key`: P3's IP_ID.
    pub ip_id: u128,
    /// MD5 of `name_key`: P3's Name_ID.
    pub name_id: u128,
    /// Was the host (name or IP) in the table?
    pub resolved: bool,
}
