//! P2's claims (see [`super`]).

use super::*;

/// P2's items, in the order the paper says them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "p2.1",
        section: "§3.1 程序 (1)–(9)",
        kind: Kind::Procedure,
        words: "s = r; // 将结果值赋值给变量 s(4)",
        printed: "",
        topic: t("site hash, the Java as printed", "站点散列函数，按原文代码"),
        status: live(
            Report::P2,
            "/simulation/site_tables/0/occupied",
            "part-site-table",
            t(
                "site-printed runs the Java as printed (checked against javac by tests/integration/differential_java.rs). After (4) s = r the while test (5) is false at once, so the fold (6)–(8) never runs and the raw 32-bit r comes back; only the last five characters survive its 7-bit shifts. The value: the slots of the 2^21-slot site table its hosts occupy (slot = r mod 2^21). Hosts with the same last five characters share a slot: on the 246 951-URL built-in corpus, 292 sites fill 11 slots.",
                "site-printed 按原文代码运行这段 Java（由 tests/integration/differential_java.rs 与 javac 对照）。(4) s = r 之后，(5) 的 while 条件一开始就不成立，所以 (6)–(8) 的折叠一次也不执行，返回的是 32 位的原始 r；经过每次 7 位的左移，r 里只剩下最后五个字符。该值：这些主机名在 2^21 个槽的站点表中占用的槽数（槽 = r mod 2^21）。最后五个字符相同的主机名落在同一个槽：在 246 951 个 URL 的内置语料上，292 个站点只占 11 个槽。",
            ),
        ),
    },
    Claim {
        id: "p2.2",
        section: "§3.1 程序 (5)–(8)",
        kind: Kind::Procedure,
        words: "s = (s&0xFFE00000) >> 21; // 获取值的 32 […] ~22 位,并将获取值右移 21 位(7)",
        printed: "",
        topic: t(
            "site hash as described: low 7 bits, folded into 21 bits",
            "按文字描述的站点散列：取低 7 位，折叠到 21 位",
        ),
        status: live(
            Report::P2,
            "/simulation/site_tables/2/collisions",
            "part-site-table",
            t(
                "site-java is the function the text describes: the low 7 bits of each character, r = (r << 7) + c, then the loop (6)–(8) run until r == s, with step (7)'s >> arithmetic as Java runs it (0x80000000 folds to 2 096 127). site-folded folds with an unsigned >>> instead (0x80000000 gives 1 024): the two put hosts in different slots but give the same counts. The value: site-table collisions (sites minus occupied slots) under site-java, where a random hash makes about 0.02. Hosts with one ending (.com.cn, .edu.cn) pile into a few slots: 240 collisions among 292 sites on the 246 951-URL corpus.",
                "site-java 就是文字所描述的函数：每个字符取低 7 位，r = (r << 7) + c，然后照 Java 的执行方式运行 (6)–(8) 的循环直到 r == s，其中第 (7) 步的 >> 是算术右移（0x80000000 折叠为 2 096 127）。site-folded 改用无符号的 >>> 折叠（0x80000000 得 1 024）：两者把主机名放进不同的槽，但各项计数相同。该值：site-java 下站点表的冲突数（站点数减已用槽数），随机散列约为 0.02。结尾相同的主机名（.com.cn、.edu.cn）挤进少数几个槽：在 246 951 个 URL 的语料上，292 个站点有 240 次冲突。",
            ),
        ),
    },
    Claim {
        id: "p2.3",
        section: "§3.1 算法描述 ④",
        kind: Kind::Procedure,
        words: "④ 返回修正后结果值(程序 9)",
        printed: "",
        topic: t("site hash, the lab's repair", "站点散列函数，本实验室的修正"),
        status: live(
            Report::P2,
            "/simulation/site_tables/3/collisions",
            "part-site-table",
            t(
                "site-repaired is the lab's, not P2's: the same 21-bit fold applied after every character, so that every character counts, not only the last five. The value: its site-table collisions, 0 on the built-in corpus, as a random hash gives at this α.",
                "site-repaired 是本实验室的，不是 P2 的：每读一个字符就做一次同样的 21 位折叠，于是每个字符都起作用，而不只是最后五个。该值：它在站点表中的冲突数，在内置语料上为 0，与随机散列在这个装填因子下的结果一样。",
            ),
        ),
    },
    Claim {
        id: "p2.4",
        section: "§3.1 程序 (3)",
        kind: Kind::Procedure,
        words: "r = (r << 7) + (int) url.charAt(i); // 字符的 […] ASCII 码值与变量 r 相加后值左移七位(3)",
        printed: "",
        topic: t("comment (3): add, then shift", "注释 (3)：先相加，再左移"),
        status: flagged(
            t(
                "Comment (3) says the character's code is added to r and the sum shifted left seven bits, r = (r + c) << 7; the code shifts first and then adds, r = (r << 7) + c. The lab follows the code in every reading. In the comment's order the low 7 bits of r would always be 0 before the fold, and 32 bits would keep only the last four characters (the code keeps five), the oldest of them in part.",
                "注释 (3) 说字符的 ASCII 码值与 r 相加后再左移七位，即 r = (r + c) << 7；代码却是先左移再相加，r = (r << 7) + c。本实验室的各种读法都按代码。若按注释的顺序，折叠之前 r 的低 7 位永远是 0，32 位里只留下最后四个字符（按代码是五个），其中最早的一个还只剩一部分。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.5",
        section: "§3.2 程序 (10)–(15)",
        kind: Kind::Procedure,
        words: "return r*s; // 返回结果值 r*s (15)",
        printed: "",
        topic: t("path hash, the Java as printed", "路径散列函数，按原文代码"),
        status: live(
            Report::P2,
            "/simulation/path_tables/0/collisions",
            "part-path-table",
            t(
                "path-printed runs the Java as printed (checked against javac), with the two mends it needs to run at all: url is read as the method's input path (p2.39), and return r*s is moved after the loop (p2.40). Every third character r = s and s = 0; the value returned is r·s. The value: URLs whose slot in their site's 2^15-slot path table (r·s mod 2^15) already holds another path of that site, beside a random hash's expected count (expected_collisions): 191 918 against 36 556 on the 246 951-URL corpus.",
                "path-printed 按原文代码运行这段 Java（与 javac 对照），只做了让它能运行的两处修补：把 url 读作方法的输入 path（p2.39），并把 return r*s 移到循环之后（p2.40）。每读到第三个字符就 r = s、s = 0；返回值是 r·s。该值：在所属站点 2^15 个槽的路径表中，其槽（r·s mod 2^15）已装有该站点另一条路径的 URL 数，旁边是随机散列的期望值（expected_collisions）：在 246 951 个 URL 的语料上为 191 918 对 36 556。",
            ),
        ),
    },
    Claim {
        id: "p2.6",
        section: "§3.2 程序 (14)",
        kind: Kind::Procedure,
        words: "r=s; s=0; // 将 r 异或 s 的值赋值给 r,s 清 […] 零 (14)",
        printed: "",
        topic: t(
            "path hash as commented: XOR, low 5 bits",
            "按注释的路径散列：异或，取低 5 位",
        ),
        status: live(
            Report::P2,
            "/verdicts/1/b",
            "part-verdicts",
            t(
                "Line (14)'s code is r = s; its comment says r = r XOR s. path-xor follows the comment, and takes the low 5 bits of each character as §3.2 says (p2.37); it still returns r·s, as code and comment (15) both do, so it keeps the zeros of p2.8. The value: B of its split over the crawl nodes (3.19 on the 246 951-URL corpus at 7 nodes; Table 1: 1.0085).",
                "第 (14) 行代码是 r = s，注释却说 r = r 异或 s。path-xor 按注释做，并按 §3.2 的文字对每个字符取低 5 位（p2.37）；它仍然返回 r·s，因为代码和注释 (15) 都是这样，所以 p2.8 的那些 0 依然存在。该值：它在各搜集节点间划分的 B（在 246 951 个 URL 的语料上、7 个节点时为 3.19；表 1 为 1.0085）。",
            ),
        ),
    },
    Claim {
        id: "p2.7",
        section: "§3.2 算法描述 ③",
        kind: Kind::Procedure,
        words: "③ 返回结果值 (程序 15)",
        printed: "",
        topic: t("path hash, the lab's repair", "路径散列函数，本实验室的修正"),
        status: live(
            Report::P2,
            "/verdicts/2/b",
            "part-verdicts",
            t(
                "path-repaired is the lab's, not P2's: the low 5 bits of three characters make a 15-bit word, and the words (the last, short one included) are XORed: a value in 0..2^15 − 1, the size of P2's path table, never 0 merely because of the length. The value: B of its split over the crawl nodes, as even as chance (1.0085, χ² p = 0.53 on the 246 951-URL corpus at 7 nodes), like the printed table.",
                "path-repaired 是本实验室的，不是 P2 的：每三个字符的低 5 位组成一个 15 位的字，各字（包括最后不满三个字符的那个）相互异或：得到 0..2^15 − 1 之间的值，正是 P2 路径表的大小，不会仅仅因为长度而为 0。该值：它在各搜集节点间划分的 B，与随机分配一样均匀（在 246 951 个 URL 的语料上、7 个节点时为 1.0085，χ² p = 0.53），和印出的表一样。",
            ),
        ),
    },
    Claim {
        id: "p2.8",
        section: "§3.2 程序 (13)–(15)",
        kind: Kind::Procedure,
        words: "if(i%3==2) { // 每三位字符的 ASCII 码值为 […] 一组 (13)",
        printed: "",
        topic: t(
            "r·s is 0 for a third of the paths",
            "三分之一的路径 r·s 为 0",
        ),
        status: live(
            Report::P2,
            "/verdicts/0/zero_share",
            "part-verdicts",
            t(
                "The share of URLs whose printed path hash is 0: r·s is 0 when the path's length is a multiple of 3 (s was just reset) or under 3 (r is still 0). All of them go to node 1, so node 1 carries at least that share and B ≥ n × the share: 33.5 % and B ≥ 2.34 on the 246 951-URL corpus at 7 nodes (measured 3.17).",
                "原文路径散列值为 0 的 URL 所占比例：路径长度是 3 的倍数时（s 刚被清零）或不足 3 时（r 仍为 0），r·s 为 0。这些 URL 全部进入节点 1，所以节点 1 至少承担这一份额，B ≥ n × 该比例：在 246 951 个 URL 的语料上、7 个节点时为 33.5 %，B ≥ 2.34（实测 3.17）。",
            ),
        ),
    },
    Claim {
        id: "p2.9",
        section: "§3.1",
        kind: Kind::Formula,
        words: "基于此特性,设定站点散列函数的表空间为 2 的 21 次幂(2097152)",
        printed: "α = S/N < 0.75; N = 2^21 = 2097152",
        topic: t(
            "site table of 2^21 slots, load factor α < 0.75",
            "2^21 个槽的站点表，装填因子 α < 0.75",
        ),
        status: live(
            Report::P2,
            "/simulation/site_tables/2/load_factor",
            "part-site-table",
            t(
                "α = sites / 2^21 of the loaded input (0.000 14 for the 292 sites of the 246 951-URL corpus), far under 0.75; yet the site hash as described leaves 240 of those sites colliding (p2.2). A low α makes hashing good only with a hash that spreads the keys. P2's own site count gives α = 0.319 (p2.22).",
                "已载入输入的 α = 站点数 / 2^21（246 951 个 URL 的语料有 292 个站点，α 为 0.000 14），远低于 0.75；然而按文字描述的站点散列仍使其中 240 个站点发生冲突（p2.2）。装填因子低，只有在散列函数能把键分散开时才有好效果。按 P2 自己引用的站点数，α = 0.319（p2.22）。",
            ),
        ),
    },
    Claim {
        id: "p2.10",
        section: "§3.2",
        kind: Kind::Number,
        words: "这个数值可以满足大多数的站点",
        printed: "N = 2^15 = 32768",
        topic: t(
            "path table of 2^15 slots per site",
            "每个站点 2^15 个槽的路径表",
        ),
        status: live(
            Report::P2,
            "/simulation/path_tables/0/load_bins",
            "part-bins-table",
            t(
                "Sites by the load factor of their path table (URLs / 2^15), in six bins. On the 246 951-URL corpus 291 of the 292 sites stay under 0.75 and one, www.nbkie.com with 44 405 paths, passes it (α = 1.36).",
                "按路径表装填因子（URL 数 / 2^15）分成六段的站点数。在 246 951 个 URL 的语料上，292 个站点中有 291 个低于 0.75，只有一个超过：www.nbkie.com，44 405 条路径（α = 1.36）。",
            ),
        ),
    },
    Claim {
        id: "p2.11",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "对几个少 […] 再次进行动态散列",
        printed: "0.75N = 24576",
        topic: t(
            "dynamic re-hash of sites past 0.75 · 2^15 paths",
            "路径超过 0.75 · 2^15 的站点再次动态散列",
        ),
        status: live(
            Report::P2,
            "/control/rehash/0/sites_rehashed",
            "part-rehash-note",
            t(
                "P2 says no more than this sentence. The lab's reading: a site's path table doubles each time it would pass 0.75 of its slots, and its paths are re-inserted. The value: sites re-hashed under the printed path hash (none on 100 000 corpus URLs; 1 on the 246 951-URL corpus, www.nbkie.com with 44 405 paths). Doubling cannot separate the third of the paths whose printed hash is 0, and frees nothing for the lab's 15-bit repaired hash: a table without chains would drop 20 236 of that site's paths before and after.",
                "P2 对此只说了这一句。本实验室的读法：站点的路径表每次将要超过其槽数的 0.75 时就加倍，其路径重新插入。该值：按原文路径散列被再散列的站点数（在 100 000 个语料 URL 上为 0；在 246 951 个 URL 的语料上为 1，即 www.nbkie.com，44 405 条路径）。加倍无法把原文散列值为 0 的那三分之一路径分开，对本实验室 15 位的修正散列也空不出任何槽：不带链的表在再散列前后都会误删该站点的 20 236 条路径。",
            ),
        ),
    },
    Claim {
        id: "p2.12",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "匹配过程中采取二次匹配,先进行 host 匹配,然后进行 path 匹配",
        printed: "",
        topic: t(
            "two-stage match on the control node: host, then path",
            "控制节点上的二次匹配：先 host，后 path",
        ),
        status: live(
            Report::P2,
            "/simulation/control_matches",
            "part-match-ratio",
            t(
                "Probes the control node makes when every link reaches it: one of the site table per link, and one of that site's path table when the site is already known, 2 · links − sites in all (493 610 on the 246 951-URL corpus, 2.00 per URL; Table 1's control node: 7.32 per URL).",
                "每个链接都送到控制节点时它的探查次数：每个链接探查一次站点表，站点已知时再探查一次该站点的路径表，共 2 · 链接数 − 站点数（在 246 951 个 URL 的语料上为 493 610，每个 URL 2.00 次；表 1 的控制节点为每个 URL 7.32 次）。",
            ),
        ),
    },
    Claim {
        id: "p2.13",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "有些研究中根据 host 定位节点,本文根据 path 定位节点",
        printed: "",
        topic: t("route URLs by path, not by host", "按路径而不按主机名分配 URL"),
        status: live(
            Report::P2,
            "/simulation/policies/0/top_sites/0/nodes_spanned",
            "part-top-table",
            t(
                "The crawl nodes the biggest site's URLs are spread over under P2's path routing with its printed path hash: all 7, where every host routing (a host or domain hash, Nutch, Heritrix, Frontera) keeps the site on one node (p2.25). The Table 1 view runs all nine policies side by side.",
                "按 P2 的路径分配（原文路径散列）时，最大站点的 URL 分散到的搜集节点数：全部 7 个；而各种按主机名的分配（主机名或域名散列、Nutch、Heritrix、Frontera）都把该站点留在一个节点上（p2.25）。表 1 视图把九种策略并排列出。",
            ),
        ),
    },
    Claim {
        id: "p2.14",
        section: "§3.3",
        kind: Kind::Procedure,
        words: "属于本节点处理的 URL, 通过站点散列函数和路径散列函数依次进行 URL 匹配, 如匹配成功, 则舍弃此 URL",
        printed: "",
        topic: t(
            "node-side matching of a node's own URLs",
            "搜集节点对本节点 URL 的匹配",
        ),
        status: live(
            Report::P2,
            "/control/node_matching/0/nodes_matches",
            "part-match-identity",
            t(
                "The lab's reading of §3.3: a link is found by the node of the last new URL before it (the page being parsed); when the path hash routes it to that node, the node probes its own site and path tables and drops it if it is there; every other link goes to the control node. The value: the crawl nodes' probes in all under the printed path hash (135 867 on the 246 951-URL corpus; Table 1: 259 966).",
                "本实验室对 §3.3 的读法：一个链接由它之前最后一个新 URL 所在的节点发现（即正在解析的那个网页）；若路径散列把它分给该节点，该节点就探查自己的站点表和路径表，已有则舍弃；其余链接都交给控制节点。该值：按原文路径散列时各搜集节点的探查总数（在 246 951 个 URL 的语料上为 135 867；表 1 为 259 966）。",
            ),
        ),
    },
    Claim {
        id: "p2.15",
        section: "§4.1",
        kind: Kind::Procedure,
        words: "当 URL 经过站点散列后匹配不成功, 则定义其所属的站点为新站点, 控制节点启动对新站点的搜集工作",
        printed: "",
        topic: t(
            "a failed site match marks a new site",
            "站点匹配不成功即为新站点",
        ),
        status: live(
            Report::P2,
            "/simulation/sites",
            "part-summary",
            t(
                "New sites the control node finds: hosts whose site-table probe finds nothing (292 on the 246 951-URL corpus). The lab counts them; it fetches nothing, so the crawl of a new site is not run.",
                "控制节点发现的新站点：在站点表中探查不到的主机名（在 246 951 个 URL 的语料上为 292 个）。本实验室只计数；它不抓取网页，所以对新站点的搜集没有运行。",
            ),
        ),
    },
    Claim {
        id: "p2.16",
        section: "§4.2 表 1",
        kind: Kind::Table,
        words: "各节点的 URL 任务量负载如下表",
        printed: "URL 统计: 246951 | 246951 | 35580 35059 35368 35206 34972 35283 35483",
        topic: t("Table 1, URLs per crawl node", "表 1，各搜集节点的 URL 数"),
        status: live(
            Report::P2,
            "/simulation/policies/0/node_urls",
            "part-table1",
            t(
                "URLs per crawl node when P2's printed path hash routes the loaded input to 7 nodes, beside the printed row. The printed loads are exactly as even as chance (B = 1.0085, χ² = 8.17 with 6 degrees of freedom, p = 0.23); the printed hash sends a third of the URLs to node 1 (111 935 of 246 951 on the built-in corpus, B = 3.17). Only the lab's repaired path hash, or a hash of the whole URL, gives the printed balance (the verdicts).",
                "按 P2 原文路径散列把已载入的输入分到 7 个节点时各搜集节点的 URL 数，与印出的一行并列。印出的负载恰好与随机分配一样均匀（B = 1.0085，χ² = 8.17，自由度 6，p = 0.23）；原文散列却把三分之一的 URL 送到节点 1（在内置语料上为 246 951 个中的 111 935 个，B = 3.17）。只有本实验室修正的路径散列或对整个 URL 的散列才能得出印出的平衡（见判定）。",
            ),
        ),
    },
    Claim {
        id: "p2.17",
        section: "§4.2 表 1",
        kind: Kind::Table,
        words: "匹配统计",
        printed: "系统 2066713; 控制节点 1806747",
        topic: t(
            "Table 1, matches of the system and the control node",
            "表 1，系统与控制节点的匹配统计",
        ),
        status: live(
            Report::P2,
            "/control/node_matching/0/system_matches",
            "part-match-table",
            t(
                "The system's probes (control node plus crawl nodes) when the printed path hash routes the loaded input and the nodes match as §3.3 says (p2.14): 629 477 on the 246 951-URL corpus, 2.55 per URL, against the printed 8.37 per URL (7.32 on the control node alone). P2 never defines a match; at two probes per link its figure means about 3.7 links per distinct URL, and the built-in corpus has no repeated links (p2.20).",
                "按原文路径散列分配已载入的输入、各节点按 §3.3 匹配（p2.14）时全系统的探查次数（控制节点加搜集节点）：在 246 951 个 URL 的语料上为 629 477，每个 URL 2.55 次，而印出的是每个 URL 8.37 次（仅控制节点就有 7.32 次）。P2 从未定义什么算一次匹配；按每个链接探查两次计，它的数字相当于每个不同的 URL 约 3.7 个链接，而内置语料没有重复链接（p2.20）。",
            ),
        ),
    },
    Claim {
        id: "p2.18",
        section: "§4.2 表 1",
        kind: Kind::Table,
        words: "节点上的匹配性能很好",
        printed: "匹配统计, 节点 1–7: 38076 37408 37673 37077 35946 36745 37041",
        topic: t(
            "Table 1, matches per crawl node",
            "表 1，各搜集节点的匹配统计",
        ),
        status: live(
            Report::P2,
            "/control/node_matching/0/node_matches",
            "part-match-table",
            t(
                "Each crawl node's probes under §3.3 with the printed path hash. Node 1, which gets every path hashing to 0, makes most of them (100 973 of 135 867 on the 246 951-URL corpus), where the printed row is even (35 946 to 38 076, 1.03 to 1.07 times each node's URLs). The printed rows add up, 2 066 713 = 1 806 747 + 259 966, but their ratio, 6.95, does not fit §3.3 as written: it fits a control node that also matched the links the nodes dropped (the CLI's section 3).",
                "按 §3.3、用原文路径散列时每个搜集节点的探查次数。节点 1 接收所有散列为 0 的路径，探查次数占了大半（在 246 951 个 URL 的语料上为 135 867 次中的 100 973 次），而印出的这一行很均匀（35 946 到 38 076，为各节点 URL 数的 1.03 到 1.07 倍）。印出的各数加起来对得上，2 066 713 = 1 806 747 + 259 966，但两者之比 6.95 与 §3.3 的写法不符：它更符合控制节点连节点已舍弃的链接也匹配了一遍的情形（见命令行第 3 节）。",
            ),
        ),
    },
    Claim {
        id: "p2.19",
        section: "§4.2",
        kind: Kind::Conclusion,
        words: "实验主要测试 URL 匹配成功率和各节点的负载平衡",
        printed: "",
        topic: t(
            "the match success rate said to be tested",
            "据称测试了 URL 匹配成功率",
        ),
        status: flagged(
            t(
                "§4.2 says the experiment tests the URL match success rate, but Table 1 prints only counts (2 066 713 matches in all) and no rate, and P2 never says what a match or a success is. No rate can be read from it: the lab counts probes (p2.17), not P2's successes.",
                "§4.2 说实验测试了 URL 匹配成功率，但表 1 只印出次数（共 2 066 713 次匹配），没有任何比率，P2 也从未说明什么算一次匹配、什么算成功。从表中读不出成功率：本实验室能数的是探查次数（p2.17），而不是 P2 所说的成功。",
            ),
            "part-matches",
        ),
    },
    Claim {
        id: "p2.20",
        section: "§4.2",
        kind: Kind::Context,
        words: "系统爬行共获取 URL 总数为 246951",
        printed: "246951",
        topic: t("the crawl's URLs", "实验所得的 URL"),
        status: quoted(t(
            "P2's crawl (its URL list, the order its links were found in and their repeats) was never published. The lab replays 246 951 URLs of its own synthetic 2004-style corpus, or a list the user loads. That corpus has no repeated links (duplicates 0), so nothing like the printed 7.32 matches per URL can arise on it, and the per-node matches cannot be compared number for number.",
            "P2 的实验数据（URL 列表、链接被发现的顺序及其重复）从未公开。本实验室在自己合成的 2004 年风格语料的 246 951 个 URL 上重放，或在用户载入的列表上重放。该语料没有重复链接（重复数为 0），所以不可能出现印出的每个 URL 7.32 次匹配那样的数字，各节点的匹配次数也无法逐个比较。",
        )),
    },
    Claim {
        id: "p2.21",
        section: "§3",
        kind: Kind::Number,
        words: "站点的平均页面数量在 1000 以上",
        printed: "1000 以上",
        topic: t("pages per site", "每个站点的平均页面数"),
        status: flagged(
            t(
                "P2's own figures give 650 682 300 pages / 668 900 sites = 972.8 pages per site: under 1 000, not over it (the report's printed/cnnic/pages_per_site). §3.2 repeats it (「每个站点的平均网页数量为 1000 多」). The slip does not change the choice of a 2^15-slot path table: 972.8 paths fill it to α = 0.03.",
                "按 P2 自己引用的数字，650 682 300 个网页 / 668 900 个网站 = 每个站点 972.8 个网页：低于 1 000，而不是在 1 000 以上（报告中的 printed/cnnic/pages_per_site）。§3.2 又重复了一次（「每个站点的平均网页数量为 1000 多」）。这个笔误不影响选用 2^15 个槽的路径表：972.8 条路径只使它的装填因子达到 0.03。",
            ),
            "part-site-cnnic",
        ),
    },
    Claim {
        id: "p2.22",
        section: "§3",
        kind: Kind::Number,
        words: "全国网站总数约为 668900 个",
        printed: "",
        topic: t(
            "α of P2's own site count in the 2^21 table",
            "按 P2 引用的网站数，2^21 站点表的装填因子",
        ),
        status: live(
            Report::P2,
            "/printed/cnnic/alpha_sites",
            "part-site-cnnic",
            t(
                "P2 does not compute it: its 668 900 sites in the 2^21-slot site table give α = 668 900 / 2 097 152 = 0.319, under its 0.75, so 2^21 slots hold every Chinese site of 2004; its 1 852 300 domains would give 0.883, over it (printed/cnnic/alpha_domains).",
                "P2 没有算这个数：它的 668 900 个网站放进 2^21 个槽的站点表，α = 668 900 / 2 097 152 = 0.319，低于它定的 0.75，所以 2^21 个槽容得下 2004 年全国的网站；若按 1 852 300 个域名计则为 0.883，超过 0.75（printed/cnnic/alpha_domains）。",
            ),
        ),
    },
    Claim {
        id: "p2.23",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "其匹配效果并不会比一般的散列函数效果好,而且 […] 算法会消耗大量的系统资源",
        printed: "",
        topic: t(
            "MD5 mod N: no better than a plain hash, and costly",
            "MD5 取模：不比一般散列好，且耗资源",
        ),
        status: live(
            Report::P2,
            "/simulation/policies/9/b",
            "part-table1",
            t(
                "Both halves run in the same replay. url:md5 routes each URL by its MD5 digest mod n, beside url:xxh3, a plain 64-bit hash of the same line. The value: B of url:md5 on the input. On the 100 000-URL corpus at 7 nodes it is 1.0086 (χ² p = 0.451) against XXH3's 1.0093 (p = 0.757), where a random assignment averages 1.0113: MD5 balances as well as a good plain hash and no better, as P2 says. The cost half is section 6 of urlhash paper p2 (costs/*/ns_per_link in its JSON), each policy timed on the first 16 000 distinct URLs: 296 ns per link for MD5 against 25 for XXH3 on one 2-core machine, about 12 times the cost, yet less than Heritrix's own mapping (1 250 ns) and tiny beside fetching a page; so MD5 costs more, but 「大量的系统资源」 is not shown.",
                "两部分在同一次重放中运行。url:md5 按每个 URL 的 MD5 摘要模 n 分配，与之并列的是 url:xxh3，即对同一行取一般的 64 位散列。该值：输入上 url:md5 的 B。在 100 000 个 URL 的语料、7 个节点上，它是 1.0086（χ² p = 0.451），XXH3 是 1.0093（p = 0.757），随机分配平均为 1.0113：MD5 的均衡与好的一般散列函数一样，不更好，与 P2 所说相符。代价部分见 urlhash paper p2 的第 6 节（JSON 中的 costs/*/ns_per_link），每种策略在前 16 000 个不同的 URL 上计时：在一台双核机器上 MD5 每个链接 296 ns，XXH3 为 25 ns，约 12 倍，但比 Heritrix 自己的映射（1 250 ns）还少，与抓取一个网页相比微不足道；所以 MD5 确实更耗时，但「大量的系统资源」没有得到证明。",
            ),
        ),
    },
    Claim {
        id: "p2.24",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "一些研究中通过在每个搜集节 […] 这浪费了搜集节点的存储空间和降低了 URL 匹配的成功率",
        printed: "",
        topic: t(
            "the same visited_urls table on every node",
            "每个搜集节点部署相同的 visited_urls 表",
        ),
        status: quoted(t(
            "An argument against other designs, uncited; the lab models no full table of visited URLs on every node. It models what P2 puts in its place: under its reading of §3.3 each crawl node holds tables only of the URLs routed to it, about 1 in n of them, and the control node holds them all (p2.14, p2.41). Storage per node is not measured, and why identical tables would lower the match success rate P2 does not say.",
            "这是反对其他设计的论证，没有引文；本实验室没有模拟每个节点都保存一份完整的已访问 URL 表。它模拟的是 P2 的替代方案：按本实验室对 §3.3 的读法，每个搜集节点只保存分给它的 URL（约 n 分之一）的表，控制节点保存全部（p2.14、p2.41）。每个节点的存储没有测量；相同的表为什么会降低匹配成功率，P2 没有说明。",
        )),
    },
    Claim {
        id: "p2.25",
        section: "§2.2",
        kind: Kind::Conclusion,
        words: "假定几个信息量大的站点散列到某个节点上,而另外的节点上的站点包含的信息量小,这样就会造成负载任务的不均衡问题",
        printed: "",
        topic: t(
            "host routing leaves big sites on one node",
            "按主机名分配使大站点集中在一个节点",
        ),
        status: live(
            Report::P2,
            "/simulation/policies/3/top_sites/0/main_node_urls",
            "part-top-table",
            t(
                "URLs of the biggest site on its main node under host routing (XXH3 of the host): all of them (www.nbkie.com, 44 405 of 246 951 URLs on the built-in corpus, 18 %); host routing's B is 2.03 there (Nutch 2.00, Heritrix 2.10, Frontera 1.97). P2 is right that site sizes unbalance host routing.",
                "按主机名分配（对主机名取 XXH3）时，最大站点在其主节点上的 URL 数：全部都在（内置语料上为 www.nbkie.com，246 951 个 URL 中的 44 405 个，18 %）；此时按主机名分配的 B 为 2.03（Nutch 2.00，Heritrix 2.10，Frontera 1.97）。P2 说站点大小不一会使按主机名的分配失衡，这是对的。",
            ),
        ),
    },
    Claim {
        id: "p2.26",
        section: "§4.1",
        kind: Kind::Conclusion,
        words: "基于 URL 定位的方法使系统负载平衡性优于基于站点 (host) 散列的方法",
        printed: "m * S > S > n",
        topic: t(
            "routing by URL balances better than by host",
            "按 URL 定位比按站点散列更平衡",
        ),
        status: live(
            Report::P2,
            "/simulation/policies/0/b",
            "part-table1",
            t(
                "B of P2's path routing with its printed path hash: 3.17 on the 246 951-URL corpus, worse than host routing's 2.03, because a third of the paths hash to 0 (p2.8). Routing by URL does balance better with a hash that spreads: the lab's repaired path hash gives 1.0085 and XXH3 of the whole URL 1.010 (Table 1's other rows).",
                "按 P2 原文路径散列做路径分配时的 B：在 246 951 个 URL 的语料上为 3.17，比按主机名分配的 2.03 还差，因为三分之一的路径散列为 0（p2.8）。用能分散键的散列函数时，按 URL 分配确实更平衡：本实验室修正的路径散列得 1.0085，对整个 URL 取 XXH3 得 1.010（表 1 的其他各行）。",
            ),
        ),
    },
    Claim {
        id: "p2.27",
        section: "摘要",
        kind: Kind::Conclusion,
        words: "实验表明,系统在减少 URL 匹配的资源消耗和提高系统负载的均衡性方面有很好的效果",
        printed: "",
        topic: t(
            "the experiment shows good balance and less matching cost",
            "实验表明负载均衡好、匹配开销小",
        ),
        status: live(
            Report::P2,
            "/verdicts/0/could_produce",
            "part-verdicts",
            t(
                "Whether P2's printed path hash could have produced Table 1's balance on the loaded input: false, since a third of the paths hash to 0 and all go to node 1; only the lab's repair could. The saving in matching resources is compared with no other design: P2 prints no baseline.",
                "P2 的原文路径散列能否在已载入的输入上得出表 1 的平衡：不能，因为三分之一的路径散列为 0，全部进入节点 1；只有本实验室的修正能。匹配资源的节省没有与任何其他设计比较：P2 没有印出对照。",
            ),
        ),
    },
    Claim {
        id: "p2.28",
        section: "§1 引言",
        kind: Kind::Conclusion,
        words: "URL 分级散列的方法减少 URL 匹配对系统资源的消耗、提高了系统负载的平衡性和系统的健壮性",
        printed: "",
        topic: t(
            "robustness and configurability claimed",
            "声称提高了健壮性和可配置性",
        ),
        status: flagged(
            t(
                "The introduction says the paper first analyses URL partitioning, node load balance and dynamic configurability in depth, and that the method improves the system's robustness. §2 analyses URL matching and load balance only; configurability, node failure and robustness are never discussed again, and no experiment touches them.",
                "引言说本文首先深入分析了 URL 的划分策略、节点负载均衡和系统的动态可配置性三个方面，并说该方法提高了系统的健壮性。第 2 节只分析了 URL 匹配和负载平衡；可配置性、节点损坏和健壮性此后再未讨论，也没有任何实验涉及。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.29",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "对字符串散列效果很好的 […] 函数对 URL 散列效果并不是很理想",
        printed: "",
        topic: t(
            "ELFhash is poor for URLs (cited from P1)",
            "ELFhash 对 URL 效果不理想（引自 P1）",
        ),
        status: live(
            Report::P1,
            "/elf_clumps/b_m8",
            "why-cards",
            t(
                "P2 cites P1 (its reference [2]), and the lab measures it in P1's report: ELFhash's B at M = 8 (2.72 on the 100 000-URL corpus, where HfIp gives 1.01). ELFhash's low 4 bits are those of the URL's last byte, and URL endings clump.",
                "P2 引用的是 P1（其参考文献 [2]），本实验室在 P1 的报告中实测：M = 8 时 ELFhash 的 B（在 100 000 个 URL 的语料上为 2.72，HfIp 为 1.01）。ELFhash 的低 4 位就是 URL 最后一个字节的低 4 位，而 URL 的结尾很集中。",
            ),
        ),
    },
    Claim {
        id: "p2.30",
        section: "§2.1",
        kind: Kind::Formula,
        words: "它能以 […] 时间复杂度对数据进行处理",
        printed: "O(1)",
        topic: t("hashing in O(1) time", "散列的 O(1) 时间复杂度"),
        status: live(
            Report::P2,
            "/simulation/site_tables/0/max_chain",
            "part-site-table",
            t(
                "O(1) holds on average, and only for a hash that spreads the keys. The value: the longest chain of the site table under the printed site hash, the sites one lookup may have to compare (151 hosts in one slot on the 246 951-URL corpus; 68 under the reading the text describes; 1 under the lab's repair).",
                "O(1) 是平均意义上的，而且只对能把键分散开的散列函数成立。该值：按原文站点散列时站点表中最长的链，即一次查找可能要比较的站点数（在 246 951 个 URL 的语料上，一个槽里有 151 个主机名；按文字描述的读法为 68；本实验室的修正为 1）。",
            ),
        ),
    },
    Claim {
        id: "p2.31",
        section: "§2.2",
        kind: Kind::Formula,
        words: "理想状态是对  $N$  个任务,平均分布到  $n$  个节点上,每个节点的任务量为  $N/n$",
        printed: "N/n",
        topic: t("ideal load N/n per node", "每个节点的理想任务量 N/n"),
        status: live(
            Report::P2,
            "/simulation/policies/0/ideal_urls",
            "part-nodes-chart",
            t(
                "N/n for the loaded input, the dashed line of the per-node chart (35 278.7 for 246 951 URLs on 7 nodes). B, P1's measure of load balance, is the fullest node's URLs over it.",
                "已载入输入的 N/n，即每节点图中的虚线（246 951 个 URL 分到 7 个节点时为 35 278.7）。P1 的负载平衡测度 B 就是最满节点的 URL 数除以它。",
            ),
        ),
    },
    Claim {
        id: "p2.32",
        section: "§2.2",
        kind: Kind::Context,
        words: "这种方法的缺点是需要额外的开销来进行二次散列或动态分配",
        printed: "",
        topic: t(
            "second hashing or dynamic assignment costs extra",
            "二次散列或动态分配需要额外开销",
        ),
        status: quoted(t(
            "Related work, uncited and unmeasured: nothing to run. P2's own remedy for big sites is a dynamic re-hash too (p2.11); the lab counts what that costs (paths re-inserted), not what the other designs cost.",
            "相关工作，没有引文，也没有测量：没有可以运行的内容。P2 自己对大站点的补救也是动态再散列（p2.11）；本实验室统计了它的代价（重新插入的路径数），而不是其他设计的代价。",
        )),
    },
    Claim {
        id: "p2.33",
        section: "§3",
        kind: Kind::Context,
        words: "CN 注册下的域名总数为 432077 个,全国域名总数为 1852300 个",
        printed: "432077; 1852300; 668900; 650682300",
        topic: t("CNNIC 2004 statistics", "CNNIC 2004 年统计数字"),
        status: quoted(t(
            "CNNIC's 2004 statistics (P2's reference [3]), cited: nothing to run. The lab keeps them in its report (printed/cnnic) and computes what P2 draws from them: α (p2.22) and pages per site (p2.21). P2 rounds its 668 900 sites to 「百万数量级」 and its 650 682 300 pages to 「10 亿数量级」.",
            "CNNIC 2004 年的统计数字（P2 的参考文献 [3]），是引用的：没有可以运行的内容。本实验室把它们存在报告里（printed/cnnic），并计算 P2 由此得出的结论：装填因子（p2.22）和每个站点的页面数（p2.21）。P2 把 668 900 个网站说成「百万数量级」，把 650 682 300 个网页说成「10 亿数量级」。",
        )),
    },
    Claim {
        id: "p2.34",
        section: "§3.1",
        kind: Kind::Procedure,
        words: "由于字符的 ASCII 码值的首位为扩展位,函数中取字符的 ASCII 值的后七位进行运算",
        printed: "",
        topic: t(
            "low 7 bits in the text, not in the code",
            "文字取后七位，代码没有",
        ),
        status: flagged(
            t(
                "The text takes the low 7 bits of each character, but line (3) adds the whole charAt(i), with no & 0x7F. For an ASCII host the two agree (every code is under 128); for a host written in Chinese characters Java's charAt gives UTF-16 units up to 0xFFFF, and the printed code mixes in their high bits. site-printed follows the code; site-folded, site-java and site-repaired take the low 7 bits, as the text says.",
                "文字说对每个字符取 ASCII 值的后七位，但第 (3) 行加的是整个 charAt(i)，没有 & 0x7F。对 ASCII 主机名两者一样（每个码值都小于 128）；对用汉字写的主机名，Java 的 charAt 给出最大到 0xFFFF 的 UTF-16 码元，原文代码会把它们的高位也加进去。site-printed 按代码；site-folded、site-java 和 site-repaired 按文字取低 7 位。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.35",
        section: "§3.1 算法描述 ③",
        kind: Kind::Procedure,
        words: "对 URL 字符串计算后的值修正,是值介于 0~2097151 之间",
        printed: "",
        topic: t("「是值」 for 「使值」", "「是值」应为「使值」"),
        status: flagged(
            t(
                "A slip of the pen: 「是值介于」 should read 「使值介于」 (so that the value lies between 0 and 2 097 151). The meaning is clear.",
                "笔误：「是值介于」应为「使值介于」（使值落在 0 到 2 097 151 之间）。意思是清楚的。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.36",
        section: "§3.2",
        kind: Kind::Number,
        words: "站点散列函数的计算值介于 0 和 2097151 之间",
        printed: "0 ~ 2097151",
        topic: t(
            "the site hash's range",
            "站点散列函数的取值范围",
        ),
        status: flagged(
            t(
                "Not for the code as printed: the fold (5)–(8) never runs (p2.1), so the function returns the raw 32-bit r. Compiled with javac it returns 1 319 875 054 for www.pku.edu.cn, and −39 079 442 for both www.sina.com.cn and news.sina.com.cn. Only the text's readings (site-folded, site-java) and the lab's repair lie in 0..2 097 151.",
                "按原文代码并非如此：(5)–(8) 的折叠从不执行（p2.1），函数返回的是 32 位的原始 r。用 javac 编译运行，www.pku.edu.cn 得 1 319 875 054，www.sina.com.cn 和 news.sina.com.cn 都得 −39 079 442。只有按文字的读法（site-folded、site-java）和本实验室的修正才落在 0..2 097 151 之间。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.37",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "函数中取字符的 ASCII 码值的后五位进行计算",
        printed: "",
        topic: t(
            "low 5 bits in the text, not in the code",
            "文字取后五位，代码没有",
        ),
        status: flagged(
            t(
                "The text takes the low 5 bits of each character, but line (12) adds the whole charAt(i), with no & 0x1F. The lab runs both: path-printed as the code, path-xor with the low 5 bits (and the XOR of comment (14)). Either way a third of the paths hash to 0 (33.5 % on the 246 951-URL corpus), because r·s is 0 whatever the bits (p2.8).",
                "文字说对每个字符取 ASCII 码值的后五位，但第 (12) 行加的是整个 charAt(i)，没有 & 0x1F。本实验室两种都运行：path-printed 按代码，path-xor 取低 5 位（并按注释 (14) 做异或）。两种读法下都有三分之一的路径散列为 0（在 246 951 个 URL 的语料上为 33.5 %），因为不论取哪些位，r·s 都是 0（p2.8）。",
            ),
            "part-verdicts",
        ),
    },
    Claim {
        id: "p2.38",
        section: "§3.2 程序 (12)",
        kind: Kind::Procedure,
        words: "s=(s<<5)+(int)url.charAt(i); // 字符的 […] ASCII 码值与 s 相加后值左移 5 位。(12)",
        printed: "",
        topic: t("comment (12): add, then shift", "注释 (12)：先相加，再左移"),
        status: flagged(
            t(
                "Comment (12) says the character's code is added to s and the sum shifted left five bits, s = (s + c) << 5; the code shifts first and then adds, s = (s << 5) + c, and the lab follows the code. In the comment's order s would always be a multiple of 32 and r·s of 1 024, so its slot in the 2^15-slot path table (r·s mod 2^15) would be one of only 32.",
                "注释 (12) 说字符的 ASCII 码值与 s 相加后再左移 5 位，即 s = (s + c) << 5；代码却是先左移再相加，s = (s << 5) + c，本实验室按代码。若按注释的顺序，s 总是 32 的倍数，r·s 总是 1 024 的倍数，它在 2^15 个槽的路径表中的槽（r·s mod 2^15）就只能是 32 个槽之一。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.39",
        section: "§3.2 程序 (10)–(12)",
        kind: Kind::Procedure,
        words: "int result(String path) { […] s=(s<<5)+(int)url.charAt(i);",
        printed: "",
        topic: t(
            "the path hash reads url, not path",
            "路径散列读的是 url 而不是 path",
        ),
        status: flagged(
            t(
                "The method's parameter is path, but line (12) reads url.charAt(i): javac rejects it (cannot find symbol: url). The lab reads both names as the one input.",
                "方法的参数是 path，第 (12) 行读的却是 url.charAt(i)：javac 拒绝编译（找不到符号 url）。本实验室把两个名字都读作同一个输入。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.40",
        section: "§3.2 程序 (15)",
        kind: Kind::Procedure,
        words: "for(int i=0; i<path.length(); i++) { // 依次获取 […] return r*s; // 返回结果值 r*s (15)",
        printed: "",
        topic: t(
            "return inside the loop",
            "return 在循环之内",
        ),
        status: flagged(
            t(
                "return r*s; stands inside the for loop, before its closing brace. javac rejects the method (missing return statement: an empty path leaves the loop without a return). Were it accepted, it would return in the first iteration, while r is still 0, so every non-empty path would hash to 0 and every URL go to node 1 (B = 7 at 7 nodes). The lab moves the return after the loop (path-printed, p2.5).",
                "return r*s; 写在 for 循环之内、循环的右括号之前。javac 拒绝编译这个方法（缺少返回语句：空路径会不经 return 离开循环）。即使能编译，它也会在第一轮就返回，那时 r 仍为 0，于是每条非空路径的散列都是 0，每个 URL 都进入节点 1（7 个节点时 B = 7）。本实验室把 return 移到循环之后（path-printed，p2.5）。",
            ),
            "",
        ),
    },
    Claim {
        id: "p2.41",
        section: "§4.1",
        kind: Kind::Conclusion,
        words: "本文给出的分布式信息搜集系统中的 URL 匹配集中在控制节点上, 节省了搜集节点的资源开销和存储空间",
        printed: "",
        topic: t(
            "matching on the control node saves the nodes' storage",
            "匹配集中在控制节点，节省搜集节点的存储",
        ),
        status: flagged(
            t(
                "§3.3 has each crawl node match the URLs routed to it on its own site and path tables, which it must store, and Table 1 counts 259 966 matches on the crawl nodes, 12.6 % of the 2 066 713. Matching is mostly, not wholly, on the control node, and the nodes' tables cost storage P2 does not count. The printed control : nodes ratio, 6.95, does not fit §3.3 as written either (p2.18).",
                "§3.3 让每个搜集节点用自己的站点表和路径表匹配分给它的 URL，这些表必须存在节点上；表 1 也在搜集节点上数出 259 966 次匹配，占 2 066 713 次的 12.6 %。匹配大部分而不是全部在控制节点上，节点上的表占用的存储 P2 没有计入。印出的控制节点 : 搜集节点之比 6.95 也与 §3.3 的写法不符（p2.18）。",
            ),
            "part-match-identity",
        ),
    },
    Claim {
        id: "p2.42",
        section: "§4.2",
        kind: Kind::Context,
        words: "URL 在控制节点上进行匹配后再发送到定位节点造成的延迟基本上不会降低系统的性能",
        printed: "",
        topic: t(
            "the delay of matching on the control node is harmless",
            "在控制节点匹配造成的延迟无碍性能",
        ),
        status: quoted(t(
            "It rests on a timing observation of P2's own system (「经实验发现」 that the nodes find URLs far faster than they fetch them; §4.1 says the same of uncited 「有些研究」). The lab runs no crawl: it fetches nothing, so it measures neither discovery against fetching nor the delay that matching on the control node adds before a URL reaches its node.",
            "这一结论依据的是对 P2 自己系统的时间观察（「经实验发现」节点发现 URL 的能力远远超过执行任务的能力；§4.1 对没有出处的「有些研究」也这样说）。本实验室不运行真实的搜集系统，不抓取任何网页，所以既不测量 URL 发现与任务执行的快慢，也不测量在控制节点匹配后再送到定位节点所增加的延迟。",
        )),
    },
    Claim {
        id: "p2.43",
        section: "§4.2",
        kind: Kind::Conclusion,
        words: "由表 1 得出系统将 URL 很好的散列到每个节点; 节点上的匹配性能很好; 系统的 URL 匹配主要集中在 URL 控制节点",
        printed: "",
        topic: t(
            "Table 1's conclusions",
            "由表 1 得出的结论",
        ),
        status: live(
            Report::P2,
            "/verdicts/0/b",
            "part-verdicts",
            t(
                "B of the printed path hash on the loaded input (3.17 on the 246 951-URL corpus, against Table 1's 1.0085): the table cannot come from the printed code. 「匹配性能很好」 rests on no measure P2 defines; the control node's share of the matches is in p2.17 and p2.41.",
                "原文路径散列在已载入输入上的 B（在 246 951 个 URL 的语料上为 3.17，表 1 为 1.0085）：该表不可能出自原文代码。「匹配性能很好」没有 P2 定义过的任何测度作依据；控制节点在匹配中所占的份额见 p2.17 和 p2.41。",
            ),
        ),
    },
    Claim {
        id: "p2.44",
        section: "§5 结论",
        kind: Kind::Conclusion,
        words: "该方法的优点是散列函数简单易行,对 URL 的散列效果较好",
        printed: "",
        topic: t(
            "the hash functions are simple and hash URLs well",
            "散列函数简单易行、效果较好",
        ),
        status: live(
            Report::P2,
            "/simulation/site_tables/2/collisions",
            "part-site-table",
            t(
                "Collisions of the site hash as the text describes it: 240 among 292 sites on the 246 951-URL corpus, where a random hash makes about 0.02; and the printed path hash sends a third of the URLs to node 1 (p2.8). Simple, yes; good, only after the lab's repairs (p2.3, p2.7).",
                "按文字描述的站点散列的冲突数：在 246 951 个 URL 的语料上，292 个站点有 240 次冲突，随机散列约为 0.02；原文路径散列则把三分之一的 URL 送到节点 1（p2.8）。简单是的；效果好，要经过本实验室的修正才成立（p2.3、p2.7）。",
            ),
        ),
    },
    Claim {
        id: "p2.45",
        section: "§5 结论",
        kind: Kind::Conclusion,
        words: "缺点是需要分别对 URL 中的站点和路径进行匹配",
        printed: "",
        topic: t(
            "the cost: two matches per URL",
            "缺点：每个 URL 两次匹配",
        ),
        status: live(
            Report::P2,
            "/simulation/control_matches",
            "part-match-ratio",
            t(
                "Probes for the two matches on the control node: 2 · links − sites (493 610 for the 246 951 links of the built-in corpus); the path-table probe is the cost P2 names.",
                "控制节点上两次匹配的探查次数：2 · 链接数 − 站点数（内置语料的 246 951 个链接为 493 610 次）；路径表的那次探查就是 P2 所说的代价。",
            ),
        ),
    },
];
