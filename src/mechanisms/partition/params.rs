//! P2's table sizes and load-factor rule, and how much a simulation takes and a report lists.

/// Slots of P2's site table: 2^21.
pub const SITE_TABLE_SLOTS: u32 = 1 << 21;
/// Slots of each of P2's path tables: 2^15.
pub const PATH_TABLE_SLOTS: u32 = 1 << 15;
/// P2's rule: hashing is good while the load factor stays below 0.75.
pub const LOAD_FACTOR_RULE: f64 = 0.75;
/// The most crawl nodes a simulation takes.
pub const MAX_NODES: u32 = 65_536;
/// How many collision groups, biggest sites and path tables a report lists.
pub const LISTED: usize = 20;
/// How many hosts of one collision group a report shows.
pub const GROUP_SAMPLE: usize = 8;
