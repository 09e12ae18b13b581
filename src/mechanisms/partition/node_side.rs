//! The crawl nodes' side of P2 §3.3: what each node matches in its own tables, link by link,
//! as the simulation replays the links under one policy.

/// What the crawl nodes match under one policy, link by link (P2 §3.3, the lab's reading).
#[derive(Clone, Debug)]
pub(super) struct NodeSide {
    /// The node of the last new URL (the page being parsed), `u32::MAX` before the first.
    finder: u32,
    /// Per node: probes of its own tables.
    pub(super) matches: Vec<u64>,
    /// Per node: links it found and kept for itself.
    pub(super) own_links: Vec<u64>,
    /// Per node: those it found in its own tables and dropped.
    pub(super) dropped: Vec<u64>,
}

impl NodeSide {
    pub(super) fn new(nodes: u32) -> NodeSide {
        NodeSide {
            finder: u32::MAX,
            matches: vec![0; nodes as usize],
            own_links: vec![0; nodes as usize],
            dropped: vec![0; nodes as usize],
        }
    }

    /// One link routed to `node`: `site_known` says whether that node already held a URL of
    /// its site, `new_url` whether the URL is new to the system.
    #[inline]
    pub(super) fn see(&mut self, node: u32, site_known: bool, new_url: bool) {
        if self.finder == node {
            let i = node as usize;
            self.own_links[i] += 1;
            self.matches[i] += 1 + site_known as u64;
            self.dropped[i] += !new_url as u64;
        }
        if new_url {
            self.finder = node;
        }
    }
}
