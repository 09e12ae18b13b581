//! P3's claims (see [`super`]).

use super::*;

/// P3's items, in the order the paper says them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "p3.1",
        section: "§2",
        kind: Kind::Procedure,
        words: "在本文中,Hash 算法用来生成每个网页的识别序列,在生成的序列唯一性方面要求很高",
        printed: "",
        topic: t(
            "MD5 fingerprint as the page's unique id; repeats dropped",
            "以 MD5 指纹作网页的唯一标识，重复的丢弃",
        ),
        status: live(
            Report::P3,
            "/p3/input/distinct_md5",
            "fp-store",
            t(
                "Distinct MD5 ids P3's store keeps on the input: the lines less those dropped because their id is already there (/p3/input/duplicate_lines). It equals the line count when no line repeats.",
                "P3 的指纹库在输入上保留的不同 MD5 标识数：行数减去因标识已在库中而被丢弃的行（/p3/input/duplicate_lines）。没有重复的行时，它等于行数。",
            ),
        ),
    },
    Claim {
        id: "p3.2",
        section: "§2",
        kind: Kind::Number,
        words: "则任意两个分别为M1,M2的输入报文具有完全相同的h(m的概率为10-24,即近于零的重复概率",
        printed: "10^-24",
        topic: t(
            "chance that two inputs share a 128-bit digest",
            "两个输入的 128 位摘要相同的概率",
        ),
        status: live(
            Report::P3,
            "/p3/birthday/two_inputs",
            "fp-claims",
            t(
                "Two given inputs share a 128-bit digest with probability 2^-128 = 2.94e-39, not 10^-24. 10^-24 = 2^-79.7 is the chance for 80-bit digests; as the birthday bound of any collision among n URLs at 128 bits it is reached at n = 26.1 million (/p3/birthday/n_at_claim). The page marks the row as wrong.",
                "两个给定输入的 128 位摘要相同的概率是 2^-128 = 2.94e-39，不是 10^-24。10^-24 = 2^-79.7，是 80 位摘要的概率；若看作 128 位下 n 个 URL 中出现任何碰撞的生日界，n = 2 609 万时就达到了（/p3/birthday/n_at_claim）。页面把这一行标为有误。",
            ),
        ),
    },
    Claim {
        id: "p3.3",
        section: "§2",
        kind: Kind::Number,
        words: "它较人类指纹的重复概率10-19还要小5个数量级",
        printed: "10^-19；小5个数量级",
        topic: t(
            "human fingerprints 10^-19, five orders of magnitude above",
            "人类指纹的 10^-19，大 5 个数量级",
        ),
        status: live(
            Report::P3,
            "/p3/birthday/n_at_human_fingerprint",
            "fp-claims",
            t(
                "URLs at which any collision among 128-bit ids reaches 10^-19: 8.25e9. P3's own 13 billion pages give 2.5e-19 (/p3/birthday/rows/0/probability): at P3's scale its ids repeat about as often as human fingerprints, not 5 orders less. The 5 orders are only 10^-24 against 10^-19; the 10^-19 itself is cited without a source.",
                "128 位标识中出现任何碰撞的概率达到 10^-19 时的 URL 数：8.25e9。P3 自己的 130 亿个网页给出 2.5e-19（/p3/birthday/rows/0/probability）：在 P3 的规模上，它的标识重复的可能与人类指纹差不多，并不小 5 个数量级。这 5 个数量级只是 10^-24 与 10^-19 之比；10^-19 本身是未注来源的引用。",
            ),
        ),
    },
    Claim {
        id: "p3.4",
        section: "§2",
        kind: Kind::Number,
        words: "目前Internet 中约有WEB 页130亿个,超级链接约600亿(10111024",
        printed: "130亿；600亿（10111024）",
        topic: t(
            "13 billion pages, 60 billion links",
            "130 亿个网页，600 亿个链接",
        ),
        status: live(
            Report::P3,
            "/p3/birthday/rows/0",
            "fp-claims",
            t(
                "Birthday bound at P3's 13 billion pages and 128 bits: any collision with chance 2.48e-19; at 60 billion links 5.29e-18 (/p3/birthday/rows/1); with 64-bit ids 0.99 and 1.0 (rows 2 and 3). The parenthesis 「10111024」 is damaged in the scan and cannot be read.",
                "在 P3 的 130 亿个网页、128 位下的生日界：出现任何碰撞的概率 2.48e-19；600 亿个链接时 5.29e-18（/p3/birthday/rows/1）；若用 64 位标识则为 0.99 和 1.0（第 2、3 行）。括号中的「10111024」在扫描件中已损坏，无法辨认。",
            ),
        ),
    },
    Claim {
        id: "p3.5",
        section: "§2",
        kind: Kind::Conclusion,
        words: "而当我们取hash(m为384(bit乃至1024(bit时,则更是不大可能重复了",
        printed: "384；1024 (bit)",
        topic: t(
            "384- and 1024-bit digests repeat less still",
            "384 位、1024 位摘要更不大可能重复",
        ),
        status: live(
            Report::P3,
            "/p3/birthday/rows/4",
            "fp-claims",
            t(
                "Birthday bound for 13 billion pages at 384 bits: 2.1e-96 (60 billion links: 4.6e-95, /p3/birthday/rows/5; at 1024 bits 4.7e-289 and 1.0e-287, rows 6 and 7), beside 2.5e-19 at 128 bits. True, and not needed: 128 bits already suffice (p3.25).",
                "130 亿个网页在 384 位下的生日界：2.1e-96（600 亿个链接：4.6e-95，/p3/birthday/rows/5；1024 位时为 4.7e-289 和 1.0e-287，第 6、7 行），对照 128 位的 2.5e-19。说得对，但没有必要：128 位已经够用（p3.25）。",
            ),
        ),
    },
    Claim {
        id: "p3.6",
        section: "§2.3 表 1",
        kind: Kind::Table,
        words: "下面构造三个相似的URL 序列,利用Hash 函数将其转化成MD5序列,列表如下:表1三个相似URL Hash 序列的对比",
        printed: "",
        topic: t(
            "Table 1: three similar URLs and their digests",
            "表 1：三个相似 URL 及其摘要",
        ),
        status: live(
            Report::P3,
            "/p3/table1",
            "fp-table1",
            t(
                "P3's three URLs and digests are lost in the scan. The lab rebuilds the table from the input's first URL and two near variants, with the bits of each digest that differ from the first's: about 64 of 128 is what a random function gives.",
                "P3 的三个 URL 及其摘要在扫描件中缺失。实验室用输入的第一个 URL 及其两个近似变体重建此表，并给出各摘要与第一个摘要不同的位数：随机函数约为 128 位中的 64 位。",
            ),
        ),
    },
    Claim {
        id: "p3.7",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "3初值敏感性,[?]中m 的每一字符都与[?]的每一bit 相关,初值每个字符的变动,都将对结果值c 产生明显影响",
        printed: "",
        topic: t(
            "sensitivity to the input (avalanche)",
            "初值敏感性（雪崩效应）",
        ),
        status: live(
            Report::P3,
            "/p3/avalanche/mean",
            "fp-hist-note",
            t(
                "Mean differing bits between the digests of near-identical URLs (last bit, trailing /, host case, last digit, scheme), over the pairs made from the input's first URLs, up to 100 000. Binomial(128, ½), what a random function gives, has mean 64 and sd 5.66; the χ² test against it is /p3/avalanche/p_value.",
                "几乎相同的 URL（最后一位、末尾的 /、主机名大小写、最后一个数字、协议）的摘要平均相差的位数，取自输入开头至多 100 000 个 URL 构造的各对。随机函数给出的 Binomial(128, ½) 均值为 64、标准差 5.66；对它的 χ² 检验见 /p3/avalanche/p_value。",
            ),
        ),
    },
    Claim {
        id: "p3.8",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "1不可逆性,已知,经过数次非线性运算和迭代运算后,求计算困难[…]2防伪造性,已知,求使计算困难",
        printed: "",
        topic: t(
            "one-way properties: irreversibility, unforgeability",
            "单向性质：不可逆性、防伪造性",
        ),
        status: quoted(t(
            "Preimage and second-preimage resistance are claims that a computation is hard: no run on a URL list can show them, and the symbols (which h, which m, which c) are lost in the scan. The lab shows only the converse case: a digest is \"inverted\" when its text can be guessed (p3.12).",
            "抗原像和抗第二原像是“计算困难”的断言：在 URL 列表上怎么运行都证明不了，而且公式中的符号（哪个 h、哪个 m、哪个 c）在扫描件中缺失。实验室只演示反面情形：文本能被猜到时，摘要就能被“逆”出来（p3.12）。",
        )),
    },
    Claim {
        id: "p3.9",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "虽然最新文献表明,Hash 算法已经可以进行逆运算求出m 值",
        printed: "",
        topic: t(
            "\"hashes can already be inverted\"",
            "“散列算法已经可以逆运算”",
        ),
        status: flagged(
            t(
                "Wrong: the 2004–05 results on MD5 (Wang et al.) were collisions, two inputs chosen together to share a digest, not preimages; no one can compute m from h(m) (the best preimage attack on MD5, Sasaki and Aoki 2009, still costs about 2^123). The one printed digest the lab \"inverts\" is MD5 of the empty string, found by guessing candidate texts, and the other matches none of them: the printed-digests panel and urlhash paper p3 show what was tried.",
                "说法有误：2004–05 年关于 MD5 的成果（王小云等）是碰撞，即一起构造出两个摘要相同的输入，不是原像；没有人能由 h(m) 算出 m（对 MD5 最好的原像攻击，Sasaki 与 Aoki 2009，仍需约 2^123 次运算）。实验室“逆”出的那个印出的摘要是空字符串的 MD5，是靠猜测候选文本找到的，另一个与哪个候选都不相符：所试的文本见页面的印出摘要面板和 urlhash paper p3。",
            ),
            "fp-inversion",
        ),
    },
    Claim {
        id: "p3.10",
        section: "§2.2",
        kind: Kind::Procedure,
        words: "以MD5算法为例,它以512位作为分组[…]每一分组又分32个子分组,经过四次主循环进行非线性函数运算",
        printed: "32个子分组",
        topic: t(
            "MD5's construction: \"32 sub-blocks\"",
            "MD5 的构造：“32 个子分组”",
        ),
        status: flagged(
            t(
                "A slip: RFC 1321 splits each 512-bit block into 16 words of 32 bits (16 × 32 = 512), not 32 sub-blocks. The rest is right: 512-bit blocks, padding to 448 mod 512 and then the 64-bit length (a 55-byte URL takes one block, a 56-byte one two), four rounds, a 128-bit result; the lab's MD5 matches every RFC 1321 test vector.",
                "笔误：RFC 1321 把每个 512 位分组分成 16 个 32 位的字（16 × 32 = 512），不是 32 个子分组。其余都对：512 位分组，填充到模 512 余 448 位再接 64 位长度（55 字节的 URL 占一个分组，56 字节的占两个），四轮循环，128 位结果；实验室的 MD5 与 RFC 1321 的全部测试向量一致。",
            ),
            "fp-blocks",
        ),
    },
    Claim {
        id: "p3.11",
        section: "§3.1",
        kind: Kind::Procedure,
        words: "对于这种情况,将域名转化成IP 序列就可以得出唯一的ID 值,得到一个序列:“http:/+IP 地址+路径”",
        printed: "http:/+IP 地址+路径",
        topic: t(
            "aliases (one IP, many names): \"http://\" + IP + path",
            "异名同址：“http://” + IP + 路径",
        ),
        status: live(
            Report::P3,
            "/p3/sites/distinct_ip_ids",
            "fp-sites-table",
            t(
                "Distinct IP_IDs (\"http://\" + IP + path) among the input's URLs, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
                "输入的 URL 中不同 IP_ID（“http://” + IP + 路径）的个数，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。",
            ),
        ),
    },
    Claim {
        id: "p3.12",
        section: "§3.1",
        kind: Kind::Number,
        words: "D41D8CD98F00B204E9800998ECF8427E (3式经过转换也得到同样结果",
        printed: "D41D8CD98F00B204E9800998ECF8427E",
        topic: t(
            "the digest printed for the IP form",
            "为 IP 形式印出的摘要",
        ),
        status: live(
            Report::P3,
            "/p3/reveals/0/matches/0",
            "fp-reveals",
            t(
                "The printed digest is MD5 of the empty string, the first of the candidate texts the lab tries. P3 says only that URL (3) 「经过转换也得到同样结果」; that its program hashed nothing, so that every normalised URL would get this one id, is the lab's inference, not P3's statement.",
                "印出的摘要是空字符串的 MD5，在实验室尝试的候选文本中排第一个。P3 只说 (3) 式「经过转换也得到同样结果」；说它的程序什么都没有散列、因而每个规范化后的 URL 都会得到这同一个标识，是实验室的推断，不是 P3 的说法。",
            ),
        ),
    },
    Claim {
        id: "p3.13",
        section: "§3.2",
        kind: Kind::Number,
        words: "得到形如“http:/+域名+路径”00F4CC7599310F795FB4B19B6A13CCA9",
        printed: "00F4CC7599310F795FB4B19B6A13CCA9",
        topic: t(
            "the digest printed for the name form",
            "为域名形式印出的摘要",
        ),
        status: live(
            Report::P3,
            "/p3/reveals/1/verdict",
            "fp-reveals",
            t(
                "None of the candidate texts the lab tries (the empty string, every fragment left in the scan, the example site's hosts and their simple spellings) has this MD5; what P3 hashed here cannot be recovered.",
                "实验室尝试的候选文本（空字符串、扫描件中残存的每个片段、示例站点的主机名及其简单写法）的 MD5 都不是这个摘要；P3 在这里散列的是什么，无法还原。",
            ),
        ),
    },
    Claim {
        id: "p3.14",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "但在实际应用中,对于镜像站点的访问只要其中一个就行了。对3.1中的例子,需要将IP 转化为域名",
        printed: "http:/+域名+路径",
        topic: t(
            "mirrors (one name, many IPs): \"http://\" + name + path",
            "同名异址：“http://” + 域名 + 路径",
        ),
        status: live(
            Report::P3,
            "/p3/sites/distinct_name_ids",
            "fp-sites-table",
            t(
                "Distinct Name_IDs (\"http://\" + name + path, the name read back from the IP) among the input's URLs, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
                "输入的 URL 中不同 Name_ID（“http://” + 域名 + 路径，域名由 IP 反查）的个数，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。",
            ),
        ),
    },
    Claim {
        id: "p3.15",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "这样在存储URL 的数据库结构中就增加两个字段:IP_ID 和Name_ID ,对应着IP 和域名的序列",
        printed: "IP_ID；Name_ID",
        topic: t("the fields IP_ID and Name_ID", "字段 IP_ID 和 Name_ID"),
        status: live(
            Report::P3,
            "/p3/sites/distinct_host_keys",
            "fp-sites-table",
            t(
                "Distinct URLs as written (host + path), the count IP_ID and Name_ID are read beside, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
                "按原样（主机名 + 路径）计的不同 URL 数，IP_ID 与 Name_ID 的个数与之并列，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。",
            ),
        ),
    },
    Claim {
        id: "p3.16",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "如果IP 地址相同,并不是简单地丢弃,而是将URL 以增量的方式添加在存放URL 的字段后,相同域名的URL[…]可以直[…]接丢弃",
        printed: "",
        topic: t(
            "the store rule: same IP appended, same name dropped",
            "存储规则：IP 相同则追加，域名相同则丢弃",
        ),
        status: live(
            Report::P3,
            "/p3/sites/store/steps",
            "fp-store-table",
            t(
                "P3's rule replayed URL by URL: each step's records before and after, URLs dropped and appended (repeats dropped, same IP_ID appended, same Name_ID under another IP dropped), with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
                "逐个 URL 重演 P3 的规则：每一步前后的记录数、丢弃与追加的 URL 数（重复的丢弃，IP_ID 相同的追加，Name_ID 相同而 IP 不同的丢弃），需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。",
            ),
        ),
    },
    Claim {
        id: "p3.17",
        section: "§3.2",
        kind: Kind::Procedure,
        words: "如果URL 的相似度和内容的相似度都高于设定的阈值,则认为这些站点互为镜像",
        printed: "",
        topic: t(
            "mirror detection by similarity thresholds",
            "按相似度阈值判定镜像",
        ),
        status: live(
            Report::P3,
            "/p3/sites/store/mirrors/mirror_pairs",
            "fp-mirror-pairs",
            t(
                "Site pairs found mirrors by URL similarity alone (Jaccard index of their paths, thresholds the lab's, typed on the page): P3 gives no thresholds, and content similarity needs the pages, which a URL list lacks. It needs the host table (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
                "仅按 URL 相似度（两个站点路径集合的 Jaccard 系数，阈值由实验室设定、可在页面上输入）判为镜像的站点对数：P3 没有给出阈值，内容相似度需要网页本身，URL 列表没有。需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。",
            ),
        ),
    },
    Claim {
        id: "p3.18",
        section: "§3.3",
        kind: Kind::Procedure,
        words: "一个或几个线程负责一个域的搜索,如让10个线程负责[?]域的搜索",
        printed: "10个线程",
        topic: t(
            "one or several threads per domain",
            "一个或几个线程负责一个域",
        ),
        status: live(
            Report::P3,
            "/threads/6",
            "fp-threads-table",
            t(
                "Two threads on every domain under P3's partial locks (per_domain 2): the domain's part of the store and its lock are theirs to share, so `contended` counts the times one waited for the other; beside it (/threads/4) each domain is one thread's and no thread ever waits. P3's example domain for its 10 threads is lost in the scan. The page shows a recorded run of the command, or the reader's own.",
                "两个线程负责每个域、采用 P3 的部分加锁（per_domain 2）：这个域的库区和它的锁由两个线程共用，`contended` 统计一个线程等待另一个的次数；与之相比（/threads/4）每个域只归一个线程，没有线程需要等待。P3 让 10 个线程负责的那个域名在扫描件中缺失。页面显示这条命令的一次记录运行，或读者自己的运行结果。",
            ),
        ),
    },
    Claim {
        id: "p3.19",
        section: "§1 引言",
        kind: Kind::Context,
        words: "目前使用量最大的搜索引擎google 收集了40多亿WEB 页面,Yahoo 也称收集了45亿页面",
        printed: "40多亿；45亿；120多亿；40%不到",
        topic: t(
            "search engines' index sizes around 2005",
            "2005 年前后搜索引擎收录的网页数",
        ),
        status: quoted(t(
            "Cited statistics of 2005–06 without a source; the lab has no index to count. They agree with each other: 45 of 「120多亿」 is 37.5 %, under 「40%不到」, though §2 then says 130 亿 pages.",
            "这是 2005–06 年的引用统计，未注来源；实验室没有索引可数。数字之间是一致的：45 亿占「120多亿」的 37.5%，符合「40%不到」，不过第 2 节又说有 130 亿个网页。",
        )),
    },
    Claim {
        id: "p3.20",
        section: "§4 结束语",
        kind: Kind::Conclusion,
        words: "在Internet 还[…]存在着这样一种重复链接:由于相互引用而造成的内容上的重复[…]因此这类重复暂时不进行去重操作",
        printed: "",
        topic: t(
            "duplicates from mutual citation, kept on purpose",
            "相互引用造成的内容重复，有意保留",
        ),
        status: quoted(t(
            "A choice about page content (404 errors, slow pages), not a computation: these pages have different URLs, so a URL fingerprint never merges them anyway, and the lab has no page content.",
            "这是对网页内容的取舍（404 错误、下载过慢），不是计算：这些网页的 URL 不同，URL 指纹本来就不会合并它们，而实验室没有网页内容。",
        )),
    },
    Claim {
        id: "p3.21",
        section: "§3.1",
        kind: Kind::Procedure,
        words: "上述三个URL 实际上是指向同一链接,在搜索引擎的数据库中没有必要放置三条记录来标识它们",
        printed: "",
        topic: t(
            "URL canonicalisation (the lab's addition)",
            "URL 规范化（实验室的补充）",
        ),
        status: live(
            Report::P3,
            "/canonical/all",
            "fp-canon-table",
            t(
                "Not P3's method (P3 merges through the IP): eight textual canonicalisations (scheme, host case, default port, fragment, trailing /, www., query order, session ids), each measured alone and together. The value is all eight together: the lines they merge into others (merged) and the lines whose spelling they change (changed_lines). P3's URLs (1)–(3) are lost in the scan.",
                "不是 P3 的方法（P3 通过 IP 合并）：八种按文本的规范化（协议、主机名大小写、默认端口、片段、末尾的 /、www.、参数顺序、会话 ID），分别单独和合起来测量。该值是八种合起来的结果：被合并掉的行数（merged）和写法被改写的行数（changed_lines）。P3 的 URL (1)–(3) 在扫描件中缺失。",
            ),
        ),
    },
    Claim {
        id: "p3.22",
        section: "§1 引言",
        kind: Kind::Context,
        words: "上述(2、(3点,需要有新的技术出现,第一点可以在现有基础上进行改进",
        printed: "",
        topic: t(
            "the other shortcomings: coverage and ranking",
            "其他不足：收录数量与排序",
        ),
        status: quoted(t(
            "Context: coverage, ranking (PageRank, HITS) and paid placement are outside the paper's method and the lab's; only point (1), duplicates, is studied.",
            "背景：收录数量、排序（PageRank、HITS）和竞价排名既不在论文的方法之内，也不在实验室的范围之内；只研究第 (1) 点，即重复页面。",
        )),
    },
    Claim {
        id: "p3.23",
        section: "§2",
        kind: Kind::Context,
        words: "是将任意长度的字符串作为输入生成,经过n 次迭代运算后生成固定长度的字符串的一种算法",
        printed: "",
        topic: t(
            "what a hash algorithm is",
            "散列算法的定义",
        ),
        status: quoted(t(
            "A definition, with its uses in cryptography (signatures, authentication, passwords) as context. The fixed length is simply true of MD5: every digest of the lab's reports is 128 bits, whatever the URL's length.",
            "这是定义，连同它在密码学中的用途（数字签名、身份认证、口令鉴别）作为背景。定长对 MD5 确实成立：实验室报告中的每个摘要都是 128 位，与 URL 的长短无关。",
        )),
    },
    Claim {
        id: "p3.24",
        section: "§2",
        kind: Kind::Number,
        words: "为了节省空间,同时又满足系统的要求,Hash 结果的位数取128bit",
        printed: "128bit",
        topic: t(
            "128-bit ids to save space",
            "取 128 位以节省空间",
        ),
        status: live(
            Report::P3,
            "/p3/input/store_bytes",
            "fp-store",
            t(
                "Bytes of P3's id store on the input: 16 per distinct URL (distinct_md5 × 16). Compare it with the URLs' own text, /input/bytes less one line break per line.",
                "P3 的标识库在输入上占的字节数：每个不同的 URL 16 字节（distinct_md5 × 16）。可与 URL 文本本身的字节数比较，即 /input/bytes 减去每行一个换行符。",
            ),
        ),
    },
    Claim {
        id: "p3.25",
        section: "§2",
        kind: Kind::Conclusion,
        words: "因而128bit 的Hash 序列位数在现在及未来的一段时间内完全可以满足要求",
        printed: "128bit",
        topic: t(
            "128 bits fully meet the need",
            "128 位完全可以满足要求",
        ),
        status: live(
            Report::P3,
            "/p3/birthday/rows/1/probability",
            "fp-claims",
            t(
                "Chance of any collision among P3's 60 billion links with 128-bit ids: 5.3e-18 (13 billion pages: 2.5e-19). The conclusion holds, on the birthday bound rather than on P3's 10^-24; with 64-bit ids the same counts would collide almost surely (/p3/birthday/rows/3).",
                "P3 的 600 亿个链接用 128 位标识时出现任何碰撞的概率：5.3e-18（130 亿个网页：2.5e-19）。结论成立，依据是生日界而不是 P3 的 10^-24；若用 64 位标识，同样的数量几乎必然碰撞（/p3/birthday/rows/3）。",
            ),
        ),
    },
    Claim {
        id: "p3.26",
        section: "§2.1",
        kind: Kind::Formula,
        words: "映射对所有的,容易计算,但其逆过程,给定要求出在计算上是困难的,该函数称为单向函数",
        printed: "",
        topic: t(
            "definition of a one-way function",
            "单向函数的定义",
        ),
        status: quoted(t(
            "The formulas (the mapping, its domain and the given value) are lost in the scan, and the definition is one of computational hardness: nothing to run. See p3.8.",
            "公式（映射、定义域和给定的值）在扫描件中缺失，而且这是关于计算困难的定义：没有可运行的内容。见 p3.8。",
        )),
    },
    Claim {
        id: "p3.27",
        section: "§2.2",
        kind: Kind::Conclusion,
        words: "用Hash 函数可以生成MD5加密序列、SHA 序列等多[…]种形式",
        printed: "MD5加密序列",
        topic: t("MD5 called encryption", "把 MD5 称为加密"),
        status: flagged(
            t(
                "A misnomer: MD5 is a hash, not a cipher. It takes no key and its digest cannot be decrypted; P3 itself relies on that (one-way, p3.8).",
                "用词不当：MD5 是散列函数，不是加密算法。它不用密钥，摘要也无法解密；P3 自己所依靠的正是这一点（单向性，p3.8）。",
            ),
            "",
        ),
    },
    Claim {
        id: "p3.28",
        section: "§2.2",
        kind: Kind::Conclusion,
        words: "因此采用常用的MD5算法生成定长且唯一的Hash 序列,本文中所有的Hash 序列均为MD5序列",
        printed: "",
        topic: t("MD5 ids are unique", "MD5 标识唯一"),
        status: live(
            Report::P3,
            "/p3/input/md5_collisions",
            "fp-store",
            t(
                "Proven MD5 collisions on the input: lines MD5 calls duplicates whose XXH3-64 differs, so any value above 0 is a real collision. None is expected for URLs nobody forged: unique in practice, not in principle, for there are only 2^128 digests and colliding inputs have been constructed since 2004.",
                "输入上得到证实的 MD5 碰撞：MD5 判为重复、而 XXH3-64 不同的行，所以大于 0 就是真正的碰撞。对没人伪造的 URL 不应出现：实际上唯一，原则上并非如此，因为摘要只有 2^128 种，而且自 2004 年起已能构造出碰撞的输入。",
            ),
        ),
    },
    Claim {
        id: "p3.29",
        section: "§2.3",
        kind: Kind::Conclusion,
        words: "表1表明:对于单向散列函数,初始值微小的变化会使Hash 结果以很大的幅度变化",
        printed: "",
        topic: t(
            "Table 1's conclusion: small changes, large differences",
            "表 1 的结论：微小变化，大幅改变",
        ),
        status: live(
            Report::P3,
            "/p3/avalanche/p_value",
            "fp-hist-note",
            t(
                "χ² p of the differing bits of near-identical URLs' digests against Binomial(128, ½): a p well above 0.01 says MD5 behaves like a random function on these pairs, a p near 0 that it does not. The mean to compare with 64 is p3.7's.",
                "几乎相同的 URL 的摘要相差位数对 Binomial(128, ½) 做 χ² 检验的 p 值：p 远大于 0.01 说明 MD5 在这些对上的表现与随机函数一致，p 接近 0 则说明不一致。与 64 比较的均值见 p3.7。",
            ),
        ),
    },
    Claim {
        id: "p3.30",
        section: "§2.3",
        kind: Kind::Conclusion,
        words: "同时128位(32个十六制位不同的排列组合能够产生大的空间来容纳碰[…]撞的产生",
        printed: "128位；32个十六制位",
        topic: t(
            "the space of 128 bits keeps collisions rare",
            "128 位的空间使碰撞罕见",
        ),
        status: live(
            Report::P3,
            "/p3/truncated/1",
            "fp-trunc-table",
            t(
                "How the space decides: colliding pairs among the input's distinct URLs under 24-bit fingerprints (the top 6 hex digits of MD5), beside the n(n−1)/2^25 the birthday bound expects for n URLs; the fingerprints view adds 16 and 32 bits. The same bound at 128 bits, as a power of 10, is /p3/input/log10_collision_probability.",
                "空间大小的作用：把输入中不同的 URL 取 24 位指纹（MD5 的前 6 个十六进制位）时的碰撞对数，与生日界对 n 个 URL 期望的 n(n−1)/2^25 并列；指纹视图还给出 16 位和 32 位。同一生日界在 128 位时以 10 的幂表示，见 /p3/input/log10_collision_probability。",
            ),
        ),
    },
    Claim {
        id: "p3.31",
        section: "§3",
        kind: Kind::Context,
        words: "这种解决方法类似于数据结构的图的遍历问题",
        printed: "",
        topic: t(
            "dedup as graph traversal",
            "去重类似图的遍历",
        ),
        status: quoted(t(
            "An analogy: the lab's P3 study reads a URL list in a given order, with no link graph to traverse.",
            "这是类比：实验室对 P3 的研究按给定顺序读 URL 列表，没有可遍历的链接图。",
        )),
    },
    Claim {
        id: "p3.32",
        section: "§3.1",
        kind: Kind::Context,
        words: "设有下面URL (以南京信息工程大学为例:(2与前两个URL 也是等效的",
        printed: "",
        topic: t(
            "example URLs (1)–(3) of 南京信息工程大学",
            "以南京信息工程大学为例的 URL (1)–(3)",
        ),
        status: quoted(t(
            "The three URLs are lost in the scan. The page's example (its button #fp-example) is hand-made for the same site with made-up addresses, and the reveal of the printed digests tries every fragment that survives (p3.12, p3.13).",
            "三个 URL 在扫描件中缺失。页面的示例（按钮 #fp-example）是为同一所学校手工编写的，地址是虚构的；对印出摘要的还原尝试了残存的每个片段（p3.12、p3.13）。",
        )),
    },
    Claim {
        id: "p3.33",
        section: "§3.3",
        kind: Kind::Conclusion,
        words: "HASH 函数处理单个线程的网络蜘蛛效率很低,在实际应用中很少",
        printed: "",
        topic: t(
            "a single-threaded spider is slow",
            "单线程网络蜘蛛效率很低",
        ),
        status: quoted(t(
            "A spider's single thread is slow because it waits on the network, which a URL list does not have. The lab's threads time only fingerprinting and the store (/threads gives each run's URLs per second on this machine), so they neither confirm nor refute it.",
            "单线程的网络蜘蛛慢，是因为要等网络，而 URL 列表没有网络。实验室的线程只计时指纹计算和入库（/threads 给出每次运行在本机上每秒处理的 URL 数），所以既不能证实也不能否定这句话。",
        )),
    },
    Claim {
        id: "p3.34",
        section: "§3.3",
        kind: Kind::Procedure,
        words: "在搜索的过程中如果链接指向某线程负责域外的其它域,则将任务交给相关线程ID",
        printed: "",
        topic: t(
            "hand-off of links to the domain's thread; load balance",
            "链接交给负责该域的线程；负载平衡",
        ),
        status: live(
            Report::P3,
            "/threads/4/per_thread",
            "fp-threads-table",
            t(
                "URLs each of 2 threads was dealt: every URL goes to its registrable domain's owner before the clock starts (a URL list has no links found mid-crawl). Whole domains go to one thread, so the counts follow the domains' sizes and P3's 「实现负载的均衡」 does not follow from the dealing: compare the two counts.",
                "2 个线程各自分到的 URL 数：每个 URL 在计时开始前交给其可注册域名的负责线程（URL 列表没有爬行中途发现的链接）。整个域名都归一个线程，所以分到的数量取决于各域名的大小，P3 说的「实现负载的均衡」并不会因这种分配而自然成立：请比较这两个数。",
            ),
        ),
    },
    Claim {
        id: "p3.35",
        section: "§3.3",
        kind: Kind::Procedure,
        words: "线程i 在写入数据时不需要锁定整个数据库,只需要锁定部分区域就行了,其它线程可以正常工作",
        printed: "",
        topic: t(
            "partial locks: a thread locks only its part of the store",
            "部分锁：线程只锁定库的一部分",
        ),
        status: live(
            Report::P3,
            "/threads/4/contended",
            "fp-threads-table",
            t(
                "Lock waits of 2 threads under P3's partial locks: 0 by construction, each thread locking only its own domains' part. Under one global lock (/threads/3/contended) the waits depend on timing and change from run to run.",
                "2 个线程在 P3 的部分锁下等锁的次数：按设计为 0，因为每个线程只锁自己域名的那一部分。在一把全局锁下（/threads/3/contended），等锁次数取决于时机，每次运行都不同。",
            ),
        ),
    },
    Claim {
        id: "p3.36",
        section: "§3.3",
        kind: Kind::Procedure,
        words: "每个线程在将数据写入数据库前,都要检查该值是否已经存在于数据库中",
        printed: "",
        topic: t("check before write", "写入前先检查"),
        status: live(
            Report::P3,
            "/threads/4/distinct",
            "fp-threads-table",
            t(
                "Distinct URLs written by 2 threads under partial locks, each checking the store before writing: it must equal what one thread finds, the lines less the duplicates dropped (/threads/4/duplicates).",
                "2 个线程在部分锁下、每次写入前先查库，写入的不同 URL 数：它必须与单线程找到的相同，即行数减去被丢弃的重复（/threads/4/duplicates）。",
            ),
        ),
    },
    Claim {
        id: "p3.37",
        section: "§3.3",
        kind: Kind::Context,
        words: "在大型商用搜索引擎中不但使用多线程技术,而且还需要多台计算机并行地抓取WEB 页面",
        printed: "",
        topic: t(
            "several machines crawling in parallel",
            "多台计算机并行抓取",
        ),
        status: quoted(t(
            "P3 leaves it out (「此处不作论述」). Spreading URLs over crawl nodes is P1's and P2's subject, measured in their reports (urlhash paper p2).",
            "P3 没有论述（「此处不作论述」）。把 URL 分到各搜集节点是 P1 和 P2 的主题，在它们的报告中有实测（urlhash paper p2）。",
        )),
    },
    Claim {
        id: "p3.38",
        section: "§4 结束语",
        kind: Kind::Conclusion,
        words: "这种方法在一定规模的模拟系统中取得了良好的效果",
        printed: "",
        topic: t(
            "good results in a simulated system",
            "在模拟系统中效果良好",
        ),
        status: quoted(t(
            "No size, data, setting or number of the simulation is given, so there is nothing to compare with; the lab's own runs of the method are the items above.",
            "模拟系统的规模、数据、设置和数字都没有给出，无从比较；实验室对该方法的实测见上面各条。",
        )),
    },
];
