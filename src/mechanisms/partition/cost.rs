//! What routing a link costs under each partition policy, in nanoseconds per link. P2 §2.1
//! rejects MD5 mod N because it "会消耗大量的系统资源" and is no better than a plain hash; the
//! balance half is the policies' B and χ² ([`super::SimulationReport`]), this is the cost half.
//!
//! The URLs are split (host, path, port, registrable domain) once beforehand, untimed, as a
//! crawler has them split by the time it routes a link; what is timed is the policy's own work
//! (`Policy::node`: its key and its hash mod n), a pass over all the URLs repeated as
//! [`crate::foundation::timing`] says. The clock is handed in (milliseconds, never going back).

use super::policy::{Link, Policy, SplitLine};
use crate::foundation::timing::{repeat_cap, repeated, us_per_url};
use serde::Serialize;

/// URLs a cost is timed on at most: the first this many distinct URLs of the input.
pub const COST_URLS: usize = 16_000;

/// One policy's cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RouteCost {
    /// The policy's id ([`Policy::id`]).
    pub policy: String,
    /// Links routed in one pass (the URLs given that have a host).
    pub links: u64,
    /// Nanoseconds per link: the passes' total time over the links they routed.
    pub ns_per_link: f64,
    /// Passes timed.
    pub repeats: u32,
}

/// Times each of `policies` routing `urls` (those with no host left out) to `nodes` nodes with
/// clock `now`; in `policies` order.
pub fn route_costs(
    urls: &[&[u8]],
    policies: &[Policy],
    nodes: u32,
    now: &mut dyn FnMut() -> f64,
) -> Vec<RouteCost> {
    let domains = policies.iter().any(Policy::needs_domain);
    let split: Vec<SplitLine<'_>> = urls
        .iter()
        .filter_map(|&url| SplitLine::new(url, domains).ok())
        .collect();
    let links: Vec<Link<'_>> = split.iter().map(SplitLine::link).collect();
    let n = nodes.max(1);
    policies
        .iter()
        .map(|policy| {
            let (_, ms, repeats) = repeated(repeat_cap(links.len()), now, || {
                let sum: u64 = links.iter().map(|l| policy.node(l, n) as u64).sum();
                std::hint::black_box(sum)
            });
            RouteCost {
                policy: policy.id(),
                links: links.len() as u64,
                ns_per_link: us_per_url(ms, repeats, links.len()) * 1000.0,
                repeats,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::hash::HashId;

    #[test]
    fn each_policy_is_timed_on_the_urls_with_a_host() {
        let urls: Vec<&[u8]> = vec![b"http://a.cn/x", b"not a url", b"http://www.b.com.cn/y?q=1"];
        let policies = [
            Policy::Url(HashId::Md5),
            Policy::Url(HashId::Xxh3),
            Policy::Domain(HashId::Xxh3),
        ];
        // A clock that moves 1 ms a reading: 25 passes of 1 ms over 2 links, 500 000 ns each.
        let mut t = 0.0;
        let costs = route_costs(&urls, &policies, 7, &mut || {
            t += 1.0;
            t
        });
        let ids: Vec<&str> = costs.iter().map(|c| c.policy.as_str()).collect();
        assert_eq!(ids, ["url:md5", "url:xxh3", "domain:xxh3"]);
        for c in &costs {
            assert_eq!((c.links, c.repeats), (2, 25), "{c:?}");
            assert!((c.ns_per_link - 500_000.0).abs() < 1e-6, "{c:?}");
        }
        // No URL at all: one pass, nothing routed, a finite cost.
        let none = route_costs(&[], &policies[..1], 7, &mut || 0.0);
        assert_eq!((none[0].links, none[0].repeats), (0, 1));
        assert!(none[0].ns_per_link.is_finite());
    }
}
