//! P4's claims (see [`super`]).

use super::*;

/// P4's items, in the order the paper says them.
pub(super) const CLAIMS: &[Claim] = &[
    Claim {
        id: "p4.1",
        section: "§1.2 1)",
        kind: Kind::Procedure,
        words: "在对URL进行去重的过程中,需要遍历数据库的每条记录,如果查找到与指定URL相同的记录,则认为URL应该去重,否则,将URL加入到任务队列当中",
        printed: "",
        topic: t("database dedup: a scan of every record", "基于数据库的去重：逐条遍历记录"),
        status: live(
            Report::P4,
            "/table1/plans/0/1",
            "table1-plans",
            t(
                "SQLite's plan for the database-scan row: \"SCAN urls\", every record read, as P4 describes; the indexed row's plan is \"SEARCH urls USING PRIMARY KEY (url=?)\" (/table1/plans/1/1).",
                "数据库全表扫描一行的 SQLite 查询计划：「SCAN urls」，逐条读记录，正如 P4 所述；加索引一行的计划是「SEARCH urls USING PRIMARY KEY (url=?)」（/table1/plans/1/1）。",
            ),
        ),
    },
    Claim {
        id: "p4.2",
        section: "§1.2 2)",
        kind: Kind::Procedure,
        words: "每次开始下载时把 URL写到内存的 hash表中,然后通过 hash表去重,这方案看上去很快,但有个严重问题,内存不可能这么大",
        printed: "",
        topic: t("in-memory hash table: fast, but memory runs out", "基于内存的散列表：快，但内存不够"),
        status: live(
            Report::P4,
            "/timed/2/heap_bytes_per_url",
            "trie-table",
            t(
                "Bytes per URL of a hash set of the URL strings built from the input; times 10 million it is the memory of a 10-million-URL crawl, so whether memory \"runs out\" is a matter of scale. Set it beside P4's own list on the same URLs (/timed/0/heap_bytes_per_url).",
                "由输入建成的 URL 字符串散列集合每个 URL 占的字节数；乘以 1 000 万就是抓取 1 000 万个 URL 所需的内存，所以内存是否「不可能这么大」取决于规模。可与同一批 URL 上 P4 自己的广义表对照（/timed/0/heap_bytes_per_url）。",
            ),
        ),
    },
    Claim {
        id: "p4.3",
        section: "§1.2 3)",
        kind: Kind::Procedure,
        words: "这样一个 URL将创建一个深度为 32的磁盘路径. 当新链接到来时,首先检查其 MD5值对应的路径是否存在,如果存在则进行去重操作",
        printed: "32",
        topic: t(
            "disk paths: 32 nested directories per URL's MD5",
            "基于磁盘路径的去重：每个 URL 的 MD5 建 32 层目录",
        ),
        status: live(
            Report::P4,
            "/table1/rows/4/cost/entries",
            "table1-md5-command",
            t(
                "Directories made for the URLs of `urlhash paper p4 --md5-dirs N` (1 000 by default), one level per hex digit. With 32 levels per URL and only the first few shared, 1 000 distinct URLs should make about 30 150. The page cannot make directories: it gives the command.",
                "为 `urlhash paper p4 --md5-dirs N`（默认 1 000 个）的 URL 建的目录数，每个十六进制位一层。每个 URL 32 层、只有前几层共用，1 000 个不同的 URL 应建约 30 150 个目录。网页不能建目录，只给出命令。",
            ),
        ),
    },
    Claim {
        id: "p4.4",
        section: "§1.2 4)",
        kind: Kind::Number,
        words: "使用布隆过滤器,它只需要哈希表 1/8到 1/4 的大小就能解决同样的问题",
        printed: "1/8–1/4",
        topic: t("Bloom filter: 1/8 to 1/4 of a hash table", "布隆过滤器：散列表的 1/8 到 1/4"),
        status: live(
            Report::P5,
            "/fpr/0/bytes_per_key",
            "bloom-memory-table",
            t(
                "Bytes per URL of the filter at m/N = 16: 16 bits, 2 bytes, whatever the URL's length. Divide it by the bytes per URL of paper p4's hash set of MD5s (/timed/3/heap_bytes_per_url), or of its set of URL strings, to set against P4's \"1/8 to 1/4\"; 1/8 holds exactly against bare 16-byte fingerprint slots.",
                "m/N = 16 时过滤器每个 URL 占的字节数：16 比特，即 2 字节，与 URL 长短无关。用它除以 paper p4 报告中 MD5 散列集合（/timed/3/heap_bytes_per_url）或 URL 字符串散列集合每个 URL 的字节数，再与 P4 的「1/8 到 1/4」对照；只有对每槽 16 字节的指纹才恰好是 1/8。",
            ),
        ),
    },
    Claim {
        id: "p4.5",
        section: "§1.2 4)",
        kind: Kind::Formula,
        words: "思路是:用一个 16倍大的地址空间,让所有 8个 hash函数都映射到这个地址空间里面",
        printed: "m/N = 16, k = 8",
        topic: t("Bloom parameters: m/N = 16, k = 8", "布隆过滤器参数：m/N = 16，k = 8"),
        status: live(
            Report::P5,
            "/paper_points/0/fpr_exact_at_this_n",
            "bloom-papers",
            t(
                "The false-positive rate these parameters give by the formula (1 − e^(−kN/m))^k at the N inserted: (1 − e^(−1/2))^8 ≈ 5.74e-4 whatever N, about one new URL in 1 700. P4 prints no rate.",
                "按公式 (1 − e^(−kN/m))^k，在实际插入的 N 下这组参数的误判率：(1 − e^(−1/2))^8 ≈ 5.74e-4，与 N 无关，约 1 700 个新 URL 中有一个被判为已见过。P4 没有给出误判率。",
            ),
        ),
    },
    Claim {
        id: "p4.6",
        section: "§1.2 4)",
        kind: Kind::Procedure,
        words: "常见的补救办法是再建立一个小的白名单,存储那些可能被误判的邮件地址",
        printed: "",
        topic: t(
            "Bloom remedy: a whitelist of \"e-mail addresses\"",
            "布隆过滤器的补救：「邮件地址」白名单",
        ),
        status: flagged(
            t(
                "A crawler's filter holds URLs, not e-mail addresses: this sentence, like \"1/8 to 1/4\" and \"16 times, 8 hash functions\", follows Wu Jun's essay on Bloom filters in his \"Beauty of Mathematics\" series (Google China's blog, 2007), whose example is a spam filter of 100 million e-mail addresses. For a crawler the remedy does not carry over: the URLs wrongly judged seen (by the formula about one new URL in 1 700 at m/N = 16, k = 8; P5's false-positive table measures it) are never fetched, so nothing reveals which to whitelist. The lab builds no whitelist.",
                "爬虫的过滤器存的是 URL，不是邮件地址：这句话和「1/8 到 1/4」「16 倍、8 个 hash 函数」一样，出自吴军《数学之美》系列讲布隆过滤器的一篇（Google 黑板报，2007），其例子是存 1 亿个邮件地址的垃圾邮件过滤器。对爬虫，这个补救办法用不上：被误判为已见过的 URL（按公式，m/N = 16、k = 8 时约 1 700 个新 URL 中有一个；P5 报告的误判率表给出实验室实测值）从不被下载，无从知道该把哪些放进白名单。实验室没有实现白名单。",
            ),
            "",
        ),
    },
    Claim {
        id: "p4.7",
        section: "§1.2 4)",
        kind: Kind::Context,
        words: "布隆过滤器是由巴顿·布隆于 1970年提出的",
        printed: "1970",
        topic: t("Bloom filter: Burton Bloom, 1970", "布隆过滤器：巴顿·布隆，1970 年"),
        status: quoted(t(
            "History: Burton H. Bloom, \"Space/time trade-offs in hash coding with allowable errors\", Communications of the ACM 13(7), 1970. Nothing to run.",
            "历史：Burton H. Bloom 1970 年的论文（CACM 13(7)）。没有可运行的内容。",
        )),
    },
    Claim {
        id: "p4.8",
        section: "§2.1",
        kind: Kind::Procedure,
        words: "public int totalpoint;",
        printed: "",
        topic: t(
            "GLTree and GLNode, P4's Java (data, head, tail, isRoot; totalpoint)",
            "GLTree 与 GLNode 的 Java 代码（data、head、tail、isRoot；totalpoint）",
        ),
        status: live(
            Report::P4,
            "/study/gl/total_points",
            "trie-counts",
            t(
                "GLTree's totalpoint after the input, read as the nodes created beside the tree's root (P4 never says what it counts); for Fig. 1's two URLs it would be 28. The lab's list keeps the Java layout (a char, head, tail, isRoot; the root's data '?').",
                "读完输入后 GLTree 的 totalpoint，按「除树根外新建的节点数」理解（P4 没有说它数什么）；对图 1 的两个 URL 应为 28。实验室的广义表沿用 Java 的布局（一个字符、head、tail、isRoot；根节点 data 为 '?'）。",
            ),
        ),
    },
    Claim {
        id: "p4.9",
        section: "§2.1",
        kind: Kind::Conclusion,
        words: "改进后的广义表,每个节点地位相等,不分元素节点和非元素节点,同时,对于每个结点,增加了一个判断是否为 root节点的标志",
        printed: "",
        topic: t(
            "improved list: every node equal, plus an isRoot flag",
            "改进广义表：节点地位相等，另加 isRoot 标志",
        ),
        status: live(
            Report::P4,
            "/study/gl/root_nodes",
            "trie-gl-text",
            t(
                "Level roots (isRoot = true, data '?'; the tree's root included) in the list after the input, to set against all its nodes (/study/gl/nodes): for Fig. 1's two URLs, 14 of 29. The nodes share one class but play two roles, and the roots hold no character.",
                "读完输入后广义表中的层根节点（isRoot = true，data 为 '?'，含树根），可与全部节点数（/study/gl/nodes）对照：图 1 的两个 URL 是 29 个节点中的 14 个。节点同属一个类，却担任两种角色，层根节点不存字符。",
            ),
        ),
    },
    Claim {
        id: "p4.10",
        section: "§2.1 图 1",
        kind: Kind::Figure,
        words: "对于 sina com, sohu com这 2个 URL的网址,我们构造改进的广义表结构图如图 1",
        printed: "",
        topic: t(
            "Fig. 1: the list of sina.com and sohu.com (image lost in the scan)",
            "图 1：sina.com 与 sohu.com 的广义表（扫描件丢了图）",
        ),
        status: live(
            Report::P4,
            "/study/gl/nodes",
            "trie-svg",
            t(
                "Nodes of the list built from the input, the tree's root included; on a file of Fig. 1's two URLs it is 29 (15 chars, 14 level roots). The scan lost the image (and the dots: \"sina com\" is sina.com); the page redraws Fig. 1 from P4's example, step by step.",
                "由输入建成的广义表的节点数（含树根）；若输入就是图 1 的两个 URL，则为 29（15 个字符节点、14 个层根节点）。扫描件丢了图（也丢了点号：「sina com」即 sina.com）；网页按 P4 的例子逐步重画图 1。",
            ),
        ),
    },
    Claim {
        id: "p4.11",
        section: "§2.2 1) 图 2",
        kind: Kind::Procedure,
        words: "如果这个字母对应的节点存在,则 GLTree在这一个节点执行 goHead()操作,转向 head指针进入下一层继续执行遍历",
        printed: "",
        topic: t(
            "Fig. 2: insertion (goHead; a new level root and char node; the current pointer)",
            "图 2：动态插入（goHead；新建层根节点和字符节点；current 指针）",
        ),
        status: live(
            Report::P4,
            "/study/insert_walk/mean_siblings_walked",
            "trie-step-text",
            t(
                "Nodes passed along a level per insertion, on average, as the list grew from the input: the price of levels chained by tail links (the most for one URL is /study/insert_walk/max_siblings_walked). The flow chart is lost in the scan; the page animates every step (goHead, new level root, new char node).",
                "按输入逐个插入时，每次插入平均沿同一层走过的节点数：这是用 tail 指针串起一层的代价（单个 URL 的最多值见 /study/insert_walk/max_siblings_walked）。流程图在扫描件中丢失；网页逐步演示每一步（goHead、新建层根节点、新建字符节点）。",
            ),
        ),
    },
    Claim {
        id: "p4.12",
        section: "§2.2 2) 图 3",
        kind: Kind::Procedure,
        words: "如果当前的字母对应的节点不存在,这说明该 URL没有被爬行过,可以将其路由到等待队列当中",
        printed: "",
        topic: t("Fig. 3: the dedup walk", "图 3：去重遍历"),
        status: live(
            Report::P4,
            "/table1/rows/3/found",
            "trie-step-text",
            t(
                "Lookups of one Table 1 pass that P4's walk found in the list. The lookups alternate stored URLs with others, so a correct walk finds only the stored half; more means an unstored URL judged seen (p4.13). The flow chart is lost in the scan; the page animates the walk.",
                "表 1 的一轮查找中，P4 的遍历在广义表里找到的个数。查找的 URL 已存的与未存的交替出现，正确的遍历只找到已存的那一半；多出的是未存却被判为已见过的 URL（见 p4.13）。流程图在扫描件中丢失；网页逐步演示遍历。",
            ),
        ),
    },
    Claim {
        id: "p4.13",
        section: "§2.2 2)",
        kind: Kind::Procedure,
        words: "如果字母遍历到整个 URL的最后一个字母,依然存在对应的节点,则该 URL已经爬行过,说明该URL需要去重",
        printed: "",
        topic: t(
            "no end-of-URL mark: a prefix of a stored URL reads as seen",
            "没有 URL 结束标记：已存 URL 的前缀被判为已见过",
        ),
        status: live(
            Report::P4,
            "/study/flaw/false_duplicates",
            "trie-flaw-text",
            t(
                "URLs P4's list judged seen only because they are prefixes of a stored URL. It can be above 0 only when the input holds such prefixes (/study/flaw/prefix_urls); the built-in corpus has none, real lists do. The page's flaw panel compares a stored URL with its prefix, as printed and with the lab's end marks.",
                "仅因是已存 URL 的前缀而被 P4 的广义表判为已见过的 URL 数。只有输入中有这样的前缀时它才可能大于 0（/study/flaw/prefix_urls）；内置语料中没有，真实的 URL 列表中有。网页的缺陷演示把已存 URL 与它的前缀对比，分按原文代码和加上实验室的结束标记两种。",
            ),
        ),
    },
    Claim {
        id: "p4.14",
        section: "§2.2 1)",
        kind: Kind::Context,
        words: "当分布式网络爬虫系统的每个附属服务器分析爬行一个 URL 结束后,这个附属服务器会将该 URL 发送到总控服务器当中",
        printed: "",
        topic: t(
            "master and subsidiary servers: inserts and dedup on the master",
            "总控服务器与附属服务器：插入和去重都在总控服务器上",
        ),
        status: quoted(t(
            "Architecture: the lab runs no network of servers; the list runs in one process, and what the master spends per dedup is what Table 1 times (p4.15–p4.17).",
            "系统结构：实验室没有运行多台服务器；广义表在一个进程中运行，总控服务器每次去重的耗时就是表 1 所测的（p4.15–p4.17）。",
        )),
    },
    Claim {
        id: "p4.15",
        section: "§3.1 表 1",
        kind: Kind::Table,
        words: "数据库 968",
        printed: "968 ms",
        topic: t("Table 1: database, 968 ms", "表 1：数据库，968 ms"),
        status: live(
            Report::P4,
            "/table1/rows/0/measured_ms",
            "table1-table",
            t(
                "ms per lookup in a SQLite table of Table 1's stored URLs (16 000 by default, as in P4), scanned row by row (plan SCAN urls) on the machine running the lab. P4's 968 ms is 1 210 × its list's 0.8 ms: compare that ratio with this row's (/table1/rows/0/vs_list), not the times.",
                "在存有表 1 的 URL（默认与 P4 相同，16 000 个）的 SQLite 表中逐行扫描（查询计划 SCAN urls），每次查找的毫秒数，在运行实验室的机器上测得。P4 的 968 ms 是其广义表 0.8 ms 的 1 210 倍：应拿这个倍数与本行的倍数（/table1/rows/0/vs_list）比较，而不是比时间。",
            ),
        ),
    },
    Claim {
        id: "p4.16",
        section: "§3.1 表 1",
        kind: Kind::Table,
        words: "内存链表 15",
        printed: "15 ms",
        topic: t("Table 1: in-memory linked list, 15 ms", "表 1：内存链表，15 ms"),
        status: live(
            Report::P4,
            "/table1/rows/2/measured_ms",
            "table1-table",
            t(
                "ms per lookup in a linked list of Table 1's stored URL strings (16 000 by default), scanned from its head on the machine running the lab. P4's 15 ms is about 19 × its list's 0.8 ms: compare that ratio with this row's (/table1/rows/2/vs_list), not the times.",
                "在存有表 1 的 URL 字符串（默认 16 000 个）的链表中从表头逐个比较，每次查找的毫秒数，在运行实验室的机器上测得。P4 的 15 ms 约是其广义表 0.8 ms 的 19 倍：应拿这个倍数与本行的倍数（/table1/rows/2/vs_list）比较，而不是比时间。",
            ),
        ),
    },
    Claim {
        id: "p4.17",
        section: "§3.1 表 1",
        kind: Kind::Table,
        words: "因此我们进行了 20次去重操作,最后得到平均耗时为 0.8ms",
        printed: "0.8 ms",
        topic: t(
            "Table 1: improved list, 0.8 ms, the mean of 20 dedups",
            "表 1：改进广义表，0.8 ms，20 次去重的平均",
        ),
        status: live(
            Report::P4,
            "/table1/rows/3/measured_ms",
            "table1-table",
            t(
                "ms per lookup in P4's list holding Table 1's stored URLs (16 000 by default): the mean of repeated passes of 1 000 lookups (/table1/rows/3/passes), not of 20 dedups. P4's 0.8 ms is about one 15.625 ms tick over 20 (p4.19).",
                "P4 的广义表存表 1 的 URL（默认 16 000 个）时每次查找的毫秒数：是多轮、每轮 1 000 次查找的平均（轮数见 /table1/rows/3/passes），而不是 20 次去重的平均。P4 的 0.8 ms 约是一个 15.625 ms 刻度除以 20（见 p4.19）。",
            ),
        ),
    },
    Claim {
        id: "p4.18",
        section: "§3.1",
        kind: Kind::Context,
        words: "试验采用迅驰 1.86G,1G内存的计算机,并于java环境测试",
        printed: "1.86 GHz, 1 GB",
        topic: t("the machine: Centrino 1.86 GHz, 1 GB, Java, Eclipse", "实验机器：迅驰 1.86 GHz，1 GB 内存，Java，Eclipse"),
        status: quoted(t(
            "A 2009 machine and JVM the lab does not have; it times the same stores on the machine it runs on, so the ratios to the list are what compare (p4.15–p4.17).",
            "2009 年的机器和 JVM，实验室没有；实验室在运行它的机器上测同样的几种存储方式，可比的是与广义表的倍数（p4.15–p4.17）。",
        )),
    },
    Claim {
        id: "p4.19",
        section: "§3.1 表 1",
        kind: Kind::Number,
        words: "Eclipse无法计算到单次去重毫秒级别的耗时",
        printed: "968 / 15 / 0.8 ms",
        topic: t(
            "Table 1's times are whole ticks of a 15.625 ms clock",
            "表 1 的时间都是 15.625 ms 时钟的整数个刻度",
        ),
        status: live(
            Report::P4,
            "/table1/tick_fit",
            "table1-ticks",
            t(
                "Each printed time against whole ticks of a 15.625 ms clock (Java's System.currentTimeMillis() on Windows XP; an inference, P4 names no clock): 968 ≈ 62 ticks (−0.75 ms), 15 ≈ 1 tick (−0.625), 20 × 0.8 = 16 ≈ 1 tick (+0.375). The two lists' figures say little more than \"under one tick\".",
                "每个印刷值与 15.625 ms 时钟整数刻度的比较（Windows XP 上 Java 的 System.currentTimeMillis()；这是推断，P4 没有说用的什么时钟）：968 ≈ 62 个刻度（−0.75 ms），15 ≈ 1 个刻度（−0.625），20 × 0.8 = 16 ≈ 1 个刻度（+0.375）。两种表的数值只说明「不到一个刻度」。",
            ),
        ),
    },
    Claim {
        id: "p4.20",
        section: "§1.2 2), §3.1 表 1",
        kind: Kind::Table,
        words: "内存链表",
        printed: "15 ms",
        topic: t(
            "Table 1 times a linked list; §1.2 describes a hash table",
            "表 1 测的是链表，§1.2 讲的是散列表",
        ),
        status: flagged(
            t(
                "§1.2 2) describes the in-memory method as a hash table (\"写到内存的 hash表中\"), but Table 1 times a 内存链表, a linked list. 15 ms fits a list scanned string by string; a hash set answers with one hash and one comparison, where P4's list walks a level per character past the siblings on each, so against the method §1.2 names the list loses. The page's verdict and `urlhash paper p4` compare the two, timed the same way, on the loaded URLs.",
                "§1.2 2) 说基于内存的方法用散列表（「写到内存的 hash表中」），表 1 测的却是「内存链表」。15 ms 符合逐个比较字符串的链表扫描；散列集合算一次散列、比较一次即可回答，而 P4 的广义表每个字符走一层，还要走过层上的兄弟节点，所以与 §1.2 所说的方法相比，广义表反而更慢。网页的结论一栏和 `urlhash paper p4` 以同样的计时方式在所载入的 URL 上比较两者。",
            ),
            "trie-p4-verdict",
        ),
    },
    Claim {
        id: "p4.21",
        section: "§3.2",
        kind: Kind::Number,
        words: "实验数据中,当有 1万条 URL数据的时候,占用的内存大小为 2MB",
        printed: "2 MB / 10 000 URLs",
        topic: t("memory: 2 MB for 10 000 URLs", "内存：1 万条 URL 占 2 MB"),
        status: live(
            Report::P4,
            "/study/checkpoints/4/rows/0/java_bytes_per_url",
            "trie-growth-chart",
            t(
                "P4's list at the input's first 10 000 URLs, on P4's JVM (an estimate at 24 bytes a node), in bytes per URL. P4's 2 MB / 10 000 is 209.7, room for only 8.7 Java nodes per URL (/study/claims/java_nodes_per_url), while an unshared character costs about two nodes: only URLs sharing long prefixes come near it.",
                "输入的前 1 万个 URL 建成的 P4 广义表，按 P4 的 JVM 估算（每节点 24 字节）的每个 URL 字节数。P4 的 2 MB / 1 万条是 209.7 字节，每个 URL 只容得下 8.7 个 Java 节点（/study/claims/java_nodes_per_url），而每个不共用的字符约需两个节点：只有前缀共用很长的 URL 才能接近它。",
            ),
        ),
    },
    Claim {
        id: "p4.22",
        section: "§3.2",
        kind: Kind::Number,
        words: "假设一共有 1千万个网站需要爬行,则一共需要 2GB的内存",
        printed: "1 千万个网站 → 2 GB",
        topic: t(
            "extrapolation: \"10 million sites\" in 2 GB (sites for URLs)",
            "线性外推：「1 千万个网站」需 2 GB（网站应为 URL）",
        ),
        status: flagged(
            t(
                "A slip: 2 MB per 10 000 URLs × 1 000 = 2 GB holds for 10 million URLs, not sites. At P2's 972.8 pages per site, 10 million sites are about 9.7 billion URLs, about 2 TB at P4's own rate. The lab extrapolates to 10 million URLs (/study/claims/extrapolated_urls), and the P4 lesson (step 3) says the slip.",
                "笔误：每 1 万条 URL 2 MB × 1 000 = 2 GB，对应的是 1 000 万个 URL，不是网站。按 P2 每个网站 972.8 个网页计，1 000 万个网站约 97 亿个 URL，按 P4 自己的比率约需 2 TB。实验室按 1 000 万个 URL 外推（/study/claims/extrapolated_urls），P4 课程（第 3 步）指出了这一笔误。",
            ),
            "",
        ),
    },
    Claim {
        id: "p4.23",
        section: "§3.2",
        kind: Kind::Conclusion,
        words: "由于公用节点现象的普遍存在,实际占用的内存空间应该比 2GB小",
        printed: "< 2 GB",
        topic: t("shared nodes: \"really under 2 GB\"", "公用节点：「实际应比 2GB 小」"),
        status: live(
            Report::P4,
            "/study/gl/java_bytes_per_url",
            "trie-gl-text",
            t(
                "P4's list after the input's URLs, on P4's JVM (an estimate), in bytes per URL. Shared nodes lower it as the list grows (compare p4.21 at 10 000 URLs), but \"under 2 GB\" for 10 million URLs needs under 209.7 bytes per URL, P4's 2 MB / 10 000.",
                "输入的 URL 建成的 P4 广义表，按 P4 的 JVM 估算的每个 URL 字节数。公用节点让它随广义表增大而下降（可与 p4.21 的 1 万个 URL 时对照），但 1 000 万个 URL「比 2GB 小」要求每个 URL 少于 209.7 字节，即 P4 的 2 MB / 1 万条。",
            ),
        ),
    },
    Claim {
        id: "p4.24",
        section: "§4 结论",
        kind: Kind::Conclusion,
        words: "在一定程度上避免了采用通用大型数据库(如Oracle, DB2)的时空开销",
        printed: "",
        topic: t("avoids the cost of a large database (Oracle, DB2)", "避免了大型数据库（Oracle、DB2）的时空开销"),
        status: live(
            Report::P4,
            "/table1/rows/1/measured_ms",
            "table1-table",
            t(
                "SQLite stands in for Oracle and DB2: ms per lookup with an index on the URL (plan SEARCH urls USING PRIMARY KEY), to set beside the scan's row and the list's; its file's size is /table1/rows/1/cost/disk_bytes. P4's 968 ms is a full scan's, not a database's at its best.",
                "以 SQLite 代替 Oracle、DB2：在 URL 上加索引后每次查找的毫秒数（查询计划 SEARCH urls USING PRIMARY KEY），可与全表扫描一行和广义表一行对照；其文件大小见 /table1/rows/1/cost/disk_bytes。P4 的 968 ms 是全表扫描的时间，不是数据库的最好水平。",
            ),
        ),
    },
    Claim {
        id: "p4.25",
        section: "摘要",
        kind: Kind::Conclusion,
        words: "使总控服务器上的去重不再成为整个系统的瓶颈",
        printed: "",
        topic: t(
            "the master's dedup no longer the system's bottleneck",
            "总控服务器上的去重不再是系统瓶颈",
        ),
        status: quoted(t(
            "No distributed crawler is run: whether the master's dedup is the bottleneck depends on the crawl rate and the network, which P4 does not give. The time per dedup itself is measured (p4.15–p4.17); §4 repeats the claim (\"缓解了总控服务器上的去重对于整个系统的瓶颈问题\").",
            "实验室没有运行分布式爬虫：总控服务器上的去重是不是瓶颈，取决于抓取速率和网络，P4 都没有给出。每次去重的时间本身已测（p4.15–p4.17）；§4 重复了这一说法（「缓解了总控服务器上的去重对于整个系统的瓶颈问题」）。",
        )),
    },
    Claim {
        id: "p4.26",
        section: "§1.1",
        kind: Kind::Context,
        words: "独立的连接有上百亿个[…]就算是最小的爬虫,URL库也是百万数据量级的",
        printed: "上百亿; 百万",
        topic: t(
            "tens of billions of links; a million URLs even for the smallest crawler",
            "上百亿个链接；最小的爬虫也有百万量级的 URL",
        ),
        status: quoted(t(
            "Statistics given without a source or a year; nothing to run.",
            "没有出处和年份的统计数字；没有可运行的内容。",
        )),
    },
    Claim {
        id: "p4.27",
        section: "§1.2 1)",
        kind: Kind::Conclusion,
        words: "当数据库的记录数超过百万时,数据库的性能会急剧下降",
        printed: "10^6",
        topic: t(
            "a database slows sharply beyond a million records",
            "数据库记录数超过百万时性能急剧下降",
        ),
        status: live(
            Report::P4,
            "/table1_scale/growth/0/exponent",
            "table1-table",
            t(
                "How the database scan's lookup time grew against the records, from 10 000 to the most stored (10^6 needs an input of a million distinct URLs): time ∝ records^exponent, so 1 is linear, as a scan is, and only above 1 would the database \"fall off sharply\". The indexed table, the lists and the other sizes are in /table1_scale (`urlhash paper p4 --table1-scale`); the page times 16 000 records.",
                "数据库全表扫描的查找时间随记录数增长的情况，从 1 万条到所存的最多条数（10^6 需要一百万个不同 URL 的输入）：时间 ∝ 记录数^指数，指数为 1 即线性（扫描本应如此），只有大于 1 才算「急剧下降」。加索引的表、两种链表与其他规模见 /table1_scale（`urlhash paper p4 --table1-scale`）；页面只测 16 000 条记录。",
            ),
        ),
    },
    Claim {
        id: "p4.28",
        section: "§1.2 1)",
        kind: Kind::Context,
        words: "基于数据库的去重方式是比较常用的一种分布式网络爬虫的去重方案,因为它的URL去重稳定性非常高,也非常适合URL的任务调度",
        printed: "",
        topic: t(
            "database dedup: common, stable, suited to scheduling",
            "基于数据库的去重：常用、稳定、适合任务调度",
        ),
        status: quoted(t(
            "A qualitative judgement (stability, scheduling) with no measure attached; the lab times the database only (p4.15, p4.24).",
            "定性判断（稳定性、任务调度），没有可测的量；实验室只测数据库的时间（p4.15、p4.24）。",
        )),
    },
    Claim {
        id: "p4.29",
        section: "§1.2 3)",
        kind: Kind::Conclusion,
        words: "此种基于路径的去重方式具有较高的时间效率",
        printed: "",
        topic: t("disk paths: fast", "基于磁盘路径的去重：时间效率较高"),
        status: live(
            Report::P4,
            "/table1/rows/4/measured_ms",
            "table1-md5-command",
            t(
                "ms per lookup in the MD5 directories holding the `--md5-dirs` URLs, to set beside the list's and the database scan's; the price is making the paths (/table1/rows/4/insert_ms). Command line only.",
                "MD5 目录存 `--md5-dirs` 个 URL 时每次查找的毫秒数，可与广义表和数据库全表扫描对照；代价在于建路径（/table1/rows/4/insert_ms）。仅命令行可测。",
            ),
        ),
    },
    Claim {
        id: "p4.30",
        section: "§1.2 3)",
        kind: Kind::Conclusion,
        words: "对应每个 URL都创建了相应的路径,将使系统碎片增大,最终会导致总控服务器的磁盘系统崩溃瘫痪的后果",
        printed: "",
        topic: t(
            "disk paths: fragmentation, fine only on a LAN",
            "基于磁盘路径的去重：碎片增大，只适合局域网",
        ),
        status: live(
            Report::P4,
            "/table1/rows/4/cost/disk_bytes",
            "table1-md5-command",
            t(
                "Bytes the file system reports for the `--md5-dirs` URLs' directories, about 30 per URL and each usually a disk block; divide by the URLs and set it beside the SQLite file's bytes per URL (/table1/rows/1/cost/disk_bytes). The crash itself is not run.",
                "文件系统报告的 `--md5-dirs` 个 URL 的目录占用字节数，每个 URL 约 30 个目录，每个目录通常占一个磁盘块；除以 URL 数后可与 SQLite 文件每个 URL 的字节数（/table1/rows/1/cost/disk_bytes）对照。磁盘「崩溃瘫痪」本身没有模拟。",
            ),
        ),
    },
    Claim {
        id: "p4.31",
        section: "§1.2 3)",
        kind: Kind::Number,
        words: "首先对其进行 MD5编码,得到 32位长的 MD5值,然后将 MD5值分割为 32位的数组",
        printed: "32位",
        topic: t("\"a 32-位 MD5 value\": 32 hex digits", "「32位长的MD5值」：32 个十六进制位"),
        status: flagged(
            t(
                "An MD5 value is 128 bits; \"32位\" must be read as 32 hex digits (位 as digit, not bit). Read as 32 bits, the path would be 32 binary levels holding at most 2^32 URLs. The lab reads hex digits, 16 directories to a level: for 1 000 distinct URLs 32 hex levels predict about 30 150 directories (16 + 251 + 887 + 992 + about 28 × 1 000), and `urlhash paper p4 --md5-dirs` counts those it makes (/table1/rows/4/cost/entries).",
                "MD5 值是 128 比特；「32位」只能理解为 32 个十六进制位（「位」指数位，不是比特）。若按 32 比特理解，路径就是 32 层二叉目录，至多容纳 2^32 个 URL。实验室按十六进制位读，每层 16 个目录：对 1 000 个不同的 URL，32 层十六进制位预计约建 30 150 个目录（16 + 251 + 887 + 992 + 约 28 × 1 000），`urlhash paper p4 --md5-dirs` 给出实际建的个数（/table1/rows/4/cost/entries）。",
            ),
            "",
        ),
    },
    Claim {
        id: "p4.32",
        section: "§1.2 4)",
        kind: Kind::Conclusion,
        words: "一般来讲,计算机中的集合是用哈希表 (hash table)来存储的.它的好处是快速准确,缺点是费存储空间",
        printed: "",
        topic: t("a hash table: fast and exact, but costly in memory", "散列表：快速准确，但费存储空间"),
        status: live(
            Report::P4,
            "/timed/2/lookup_us_at_16000",
            "trie-table",
            t(
                "µs per lookup in a hash set of the URL strings with P4's 16 000 stored (empty when the input has fewer), beside the five other structures in the same table; its bytes per URL stand there too, against a Bloom filter's 2 at m/N = 16.",
                "URL 字符串散列集合存 P4 的 16 000 个 URL 时每次查找的微秒数（输入不足 16 000 个时为空），同一表中并列另外五种结构；它每个 URL 的字节数也在表中，可与 m/N = 16 的布隆过滤器的 2 字节对照。",
            ),
        ),
    },
    Claim {
        id: "p4.33",
        section: "§1.2 4)",
        kind: Kind::Number,
        words: "布隆过滤器的好处在于快速、省空间.但是有一定的误识别率",
        printed: "",
        topic: t("Bloom filter: \"a certain misrecognition rate\"", "布隆过滤器：「有一定的误识别率」"),
        status: live(
            Report::P5,
            "/fpr/0/measured",
            "bloom-table",
            t(
                "False-positive rate measured at P4's m/N = 16, k = 8 (independent positions): the held-out URLs judged seen over all held-out URLs, with its 95 % interval; the formula gives 5.74e-4. P4 gives no rate.",
                "按 P4 的 m/N = 16、k = 8（各位置独立）实验室实测的误判率：被判为已见过的留出 URL 占全部留出 URL 的比例，附 95% 区间；公式值为 5.74e-4。P4 没有给出误判率。",
            ),
        ),
    },
    Claim {
        id: "p4.34",
        section: "§2.1",
        kind: Kind::Context,
        words: "传统广义表定义了2种类型的节点,即普通节点和元素节点,这表明,一个广义表一旦创建,则不能进行动态的添加",
        printed: "",
        topic: t(
            "the traditional generalized list (LISP; two node kinds) cannot grow",
            "传统广义表（LISP；两种节点）不能动态添加",
        ),
        status: quoted(t(
            "An argument about the textbook structure (Yan Weimin's Data Structures, P4's ref. [6]); the lab builds only P4's improved list, so there is no traditional list to time against it.",
            "关于教科书结构（严蔚敏《数据结构》，P4 的文献 [6]）的论证；实验室只实现了 P4 的改进广义表，没有传统广义表可与之比较。",
        )),
    },
    Claim {
        id: "p4.35",
        section: "§2.1",
        kind: Kind::Procedure,
        words: "例如 sina com 这个 URL,将其分割成 s, i, n, a,., c, o, m这 8个单个的字母存储成一个广义表",
        printed: "8",
        topic: t("one node per character: sina.com is 8 letters", "每个字符一个节点：sina.com 是 8 个字母"),
        status: live(
            Report::P4,
            "/study/gl/mean_depth",
            "trie-gl-text",
            t(
                "Levels a stored URL takes in the list, on average over the input: one per character (sina.com takes 8), each with its level root and char node where no prefix is shared.",
                "输入中每个已存 URL 在广义表中平均占的层数：每个字符一层（sina.com 占 8 层）；前缀不共用之处，每层都有一个层根节点和一个字符节点。",
            ),
        ),
    },
    Claim {
        id: "p4.36",
        section: "§3.1",
        kind: Kind::Number,
        words: "试验过程当中我们采取了 1万 6千条 URL作为试验数据",
        printed: "16 000",
        topic: t("Table 1's test data: 16 000 URLs", "表 1 的试验数据：1 万 6 千条 URL"),
        status: live(
            Report::P4,
            "/table1/stored",
            "table1-caption",
            t(
                "URLs stored in each store before timing: the input's first distinct URLs, 16 000 as in P4 unless the input has fewer or `--table1-urls` asks for another number; the lookups alternate them with as many others. P4 names no source for its own.",
                "计时前每种存储方式存入的 URL 数：取输入中最先的不同 URL，与 P4 相同为 16 000 个，除非输入不足或 `--table1-urls` 另行指定；查找时已存的 URL 与同样多的其他 URL 交替。P4 没有说明它的 URL 从哪里来。",
            ),
        ),
    },
    Claim {
        id: "p4.37",
        section: "§3.1",
        kind: Kind::Conclusion,
        words: "可见,在时间效率上面,基于改进的广义表的方式时间效率大大优于基于数据库的去重方式和基于内存链表的去重算法",
        printed: "",
        topic: t(
            "the list far faster than the database and the linked list",
            "改进广义表的时间效率大大优于数据库和内存链表",
        ),
        status: live(
            Report::P4,
            "/table1/rows/0/vs_list",
            "table1-table",
            t(
                "The database scan's time over the list's, measured; P4's is 968 / 0.8 = 1 210, and the linked list's ratio is /table1/rows/2/vs_list (P4: 19). What P4's words need is the order: an indexed table narrows the gap and a hash set, the method §1.2 names, reverses it (p4.20, p4.24).",
                "数据库全表扫描与广义表的用时之比（实验室实测）；P4 的是 968 / 0.8 = 1 210，内存链表的比值见 /table1/rows/2/vs_list（P4：19）。P4 这句话要的是先后顺序：加索引的表缩小了差距，而 §1.2 所说的散列集合反超广义表（见 p4.20、p4.24）。",
            ),
        ),
    },
    Claim {
        id: "p4.38",
        section: "§3.2",
        kind: Kind::Conclusion,
        words: "只要主控服务器的内存大于 2GB,整个系统的正常运行是可能的",
        printed: "2 GB",
        topic: t("a master with over 2 GB suffices", "主控服务器内存大于 2GB 即可正常运行"),
        status: live(
            Report::P4,
            "/study/checkpoints/4/rows/0/linear_bytes_at_10m",
            "trie-table",
            t(
                "P4's own method on the input: the list's bytes at 10 000 URLs, times 1 000, in the lab's Rust list (12 bytes a node; P4's JVM, at 24, takes up to twice as much): compare with 2 GB.",
                "按 P4 自己的方法在本输入上计算：1 万个 URL 时广义表的字节数乘以 1 000（实验室的 Rust 实现，每节点 12 字节；P4 的 JVM 每节点 24 字节，至多为两倍），与 2GB 比较。",
            ),
        ),
    },
    Claim {
        id: "p4.39",
        section: "§4 结论",
        kind: Kind::Conclusion,
        words: "在通过对网页内容及爬行过程当中 URL队列的保存采用内存改进广义表的形式",
        printed: "",
        topic: t(
            "conclusion: page contents kept in the list too",
            "结论：网页内容也用改进广义表保存",
        ),
        status: flagged(
            t(
                "Nothing in §2–§3 stores page contents: the list holds URL strings split into letters (§2.1), and every figure and number is about URLs. The conclusion claims more than the paper shows.",
                "§2–§3 没有任何地方保存网页内容：广义表存的是拆成字母的 URL 字符串（§2.1），所有的图和数字都只涉及 URL。结论说得比正文多。",
            ),
            "",
        ),
    },
    Claim {
        id: "p4.40",
        section: "参考文献",
        kind: Kind::Context,
        words: "[3 池 静. B loom Filter和 Weighted B loom Filter的比较与研究[J]",
        printed: "",
        topic: t(
            "references: Bloom-filter works cited for other things",
            "参考文献：讲布隆过滤器的文献被引在别处",
        ),
        status: flagged(
            t(
                "The citations do not match what they support: [3], a comparison of Bloom and weighted Bloom filters, is cited for the MD5 disk-path method; [5], a blog post on Bloom-filter URL dedup, is cited for P4's own generalized-list algorithm (§2). No work cited describes the disk-path method or the list.",
                "引文与所支持的内容对不上：[3] 比较布隆过滤器与加权布隆过滤器，却被引在 MD5 磁盘路径方法处；[5] 是讲布隆过滤器 URL 去重的博客，却被引在 P4 自己的改进广义表算法处（§2）。所引文献中没有一篇讲磁盘路径方法或这种广义表。",
            ),
            "",
        ),
    },
];
