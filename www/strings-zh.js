// 简体中文：页面上每一条用户可见的文字，与 strings.js 中的 S 结构完全相同
// （同样的键、同样的函数参数；数字传入时已格式化）。
//
// Glossary (English → 中文), kept consistent with the five papers (seeds/000–004):
//   hash → 散列（散列函数、散列值、散列表）。P4、P5 正文也写“哈希”，P1、P2、P3 写“散列”；本页一律用“散列”
//   slot → 槽（M 个槽，槽号；P1）          bucket → 桶
//   load balance → 负载平衡（P1：负载平衡性能测度）   query performance → 信息查询性能（P1）
//   measure → 测度                          memory access → 存储访问（P1：存储访问次数）
//   Bloom filter → 布隆过滤器（P4）         counting Bloom filter → 计数布隆过滤器
//   generalized list → 广义表；P4 的 improved generalized list → 改进广义表
//   trie → 字典树（每节首次写作“字典树（trie）”）   level / level root → 层 / 层根节点（P4）
//   crawler → 爬虫 / 网络爬虫               crawl node → 搜集节点（P2 原文作“搜集节点”）
//   control node → 控制节点（P2）           site → 站点     host → 主机名     path → 路径
//   site hash / path hash → 站点散列 / 路径散列（P2）
//   fingerprint → 指纹；fingerprint store → 指纹库（P5）   digest → 摘要   avalanche → 雪崩效应（P3）
//   false positive → 误判；false-positive rate → 误判率；false negative → 漏判
//   false duplicate → 误判为重复            collision → 冲突
//   duplicate → 重复    de-duplication → 去重    distinct (URLs) → 不同（URL）
//   corpus → 语料       load factor → 装填因子 α（P2 的用词）
//   chi-square → χ² 检验（χ² 统计量）       p-value → p 值
//   counter → 计数器    overflow → 溢出    saturated / stuck → 饱和
//   alias (异名同址) → 别名；mirror (同名异址) → 镜像（P3）
//   normalisation / canonicalisation → 规范化   birthday bound → 生日界
//   as printed → 原文 / 印刷值               misprint → 印刷错误（印出的数与其公式不符）  slip → 笔误（作者的文字之误）
//   fold (P1、P2) → 折叠（P1 的“折叠方法”）         MD5 slices → MD5 分段
//   held-out URLs → 留出的 URL              URL stays URL; code, ids, file names, CLI commands,
//   function names (ELFhash, HfIp, hf, MD5, XXH3) and formula notation stay as they are.
// The authors: P1 李晓明、凤旺森；P2 李村合、何淑庆、张培颖；P3 杨海东、叶小岭、张颖超；
// P4 吴小惠；P5 吴家奇等。

import { int } from './format.js';

/** A leading space when the value starts with a Latin letter or digit (“请输入 k”). */
function lead(s) {
  return /^[0-9A-Za-z]/.test(String(s)) ? ` ${s}` : String(s);
}

/** A trailing space when the value ends with a Latin letter or digit (“完整 URL 的”). */
function trail(s) {
  return /[0-9A-Za-z]$/.test(String(s)) ? `${s} ` : String(s);
}

export const ZH = {
  // Page
  title: 'URL Hash Lab · 网址散列实验室',
  appName: 'URL Hash Lab',
  appNameZh: '网址散列实验室',
  tagline:
    '李晓明、凤旺森（2004）在 2000 万个 URL 上比较了三个 URL 散列函数。载入你自己的 URL 或我们的语料，看看这些函数实际表现如何。',
  footer:
    '本页的每个数字都由实验室编译为 WebAssembly 的 Rust 核心在后台线程中计算。你载入的任何内容都不会离开这个浏览器。',
  toolsLabel: '页面工具',
  diagramScroll: 'P4 的广义表示意图（可用方向键左右滚动）',
  flawPrintedScroll: 'P4 原文的广义表示意图（可用方向键左右滚动）',
  flawFixedScroll: '带 URL 结束标记的广义表示意图（可用方向键左右滚动）',
  projector: '投影模式',
  darkTheme: '深色',
  copyLink: '复制链接',
  menuButton: '菜单',
  linkCopied: '已复制本视图的链接：打开它会还原同样的输入、散列函数、M、散列对象、所在部分、课程步骤和语言。',
  linkShown: (url) => `复制这个链接即可重新打开本视图：${url}`,
  linkPasteNotCarried: (lines) =>
    `粘贴的 URL（${lines} 行）太长，无法放进链接：打开链接的人会看到内置语料，并被提示重新粘贴。`,
  linkFileNotCarried: (name) => `链接无法携带文件“${name}”：打开链接的人需要重新打开这个文件。`,
  linkCorpusSize: (n, sizes, shown) => `这个链接要求 ${n} 个语料 URL，但内置语料只有 ${[sizes].flat().join('、')} 个 URL 这几种规模：显示的是 ${shown} 个。`,
  linkFile: (name) => `这个链接来自文件“${name}”，链接无法携带文件，因此显示的是内置语料。打开该文件即可看到同样的数字。`,
  linkPasteBroken: '无法读取这个链接中的粘贴 URL（链接被截断或改动），因此显示的是内置语料。',
  embedUnknown: (name) => `这个链接要显示图表“${name}”，但实验室没有这个图表，因此显示整个实验室。`,
  embedWhat: (what) => `网址散列实验室（URL Hash Lab），在${what}上实测。`,
  embedOpen: '在实验室中打开 →',
  linkPasteTooBig: (lines, bytes) =>
    `这个链接来自粘贴的 ${lines} 行（${bytes}），太长，无法放进链接，因此显示的是内置语料。重新粘贴即可看到同样的数字。`,
  // 课程
  lessonsButton: '课程',
  quiz: {
    title: '用你的 URL 自测',
    yourAnswer: '你的答案',
    check: '检查',
    another: '换一道题',
    copy: '复制得分',
    asking: '正在从载入的 URL 中出题…',
    waiting: '这道题要等布隆过滤器视图把 URL 分成插入与留出两部分…',
    waitingBakeoff: '这道题要等过滤器比较（今日过滤器）把 URL 分成插入与留出两部分…',
    yes: '是',
    no: '否',
    none: '都不是',
    range: (min, max) => `${min} 到 ${max}`,
    typeNumber: (min, max) => `请输入 ${min} 到 ${max} 之间的整数。`,
    pickOne: '请先选一个答案。',
    right: '答对了。',
    verdict: (verdict, why) => `${verdict}${why}`,
    wrong: (answer) => `不对：答案是 ${answer}。`,
    score: (right, asked) => `本课：${asked} 题中答对 ${right} 题。`,
    scoreLine: (lesson, right, asked, link) => `网址散列实验室 · ${lesson} · 自测：${asked} 题中答对 ${right} 题 · ${link}`,
    copied: (line) => `已复制：${line}`,
    copyThis: (line) => `请复制这一行：${line}`,
    ask: {
      slot: (url, fn, m, max) => `在 M = ${m} 时，按 ${fn} 计算，${url} 落入哪个槽（0 到 ${max}）？`,
      node: (url, n) => `用 Apache Nutch 的 URLPartitioner（按主机）分给 ${n} 个搜集节点时，${url} 由哪个节点（1 到 ${n}）抓取？`,
      'node-dies': (url, from, before, n) =>
        `用 Apache Nutch 的 URLPartitioner（按主机）分给 ${from} 个搜集节点时，${url} 由节点 ${before} 抓取。节点 ${from} 失效，剩下 ${n} 个：现在由哪个节点（1 到 ${n}）抓取它？`,
      fingerprint: (a, b) => `打开全部规范化规则后，${a} 和 ${b} 的 MD5 指纹相同吗？`,
      'prefix-printed': (url, cut) => `P4 原文的广义表（没有结束标记）存有 ${url}。能在其中找到 ${cut} 吗？`,
      'prefix-marked': (url, cut) => `加了本实验室结束标记的 P4 广义表存有 ${url}。能在其中找到 ${cut} 吗？`,
      'quality-high-bits': (n) =>
        `散列质量测试把每个函数的输出截成最高几位，统计 ${n} 个不同 URL 在各桶中的个数（M = 2⁸ 到 2¹⁶ 的 χ²）。下面哪个函数在你的 URL 上没有通过这个高位测试？`,
      'canon-pair': () =>
        '每个选项是你的一个 URL 和它的另一种写法。哪一对被 Google Safe Browsing 视为同一网页，而 WHATWG 解析器（浏览器的）视为两个网页？',
      'cuckoo-false-positive': (n, bits) =>
        `一个布谷鸟过滤器存有插入的 ${n} 个 URL（${bits} 位指纹，每桶 4 个）。下面这些从未插入的留出 URL 中，它错误地说哪一个已存在？`,
      'false-positive': (n, ratio, k) =>
        `一个布隆过滤器存有插入的 ${n} 个 URL（m/N = ${ratio}，k = ${k}，独立散列）。下面这些从未插入的留出 URL 中，它错误地说哪一个已存在？`,
    },
    explain: {
      slot: (fn, raw, m, slot) => `${fn} 得 ${raw}，${raw} mod ${m} = ${slot}。`,
      node: (host, code, masked, n, node) =>
        `主机是 ${host}；它的 Java hashCode 是 ${code}，与 0x7FFFFFFF 按位与得 ${masked}，${masked} mod ${n} 从 1 数起是节点 ${node}。`,
      'node-dies-moves': (host, masked, from, before, n, after) =>
        `主机名是 ${host}；hashCode & 0x7FFFFFFF 为 ${masked}。${masked} mod ${from} 得节点 ${before}；${masked} mod ${n} 得节点 ${after}：它所在的节点并没有失效，它却移走了，mod n 下大多数主机名都是如此。一致性方案会让它留在节点 ${before}。`,
      'node-dies-stays': (host, masked, from, before, n, after) =>
        `主机名是 ${host}；hashCode & 0x7FFFFFFF 为 ${masked}，${masked} mod ${from} 与 ${masked} mod ${n} 都得节点 ${after}：mod n 下少数留在原处的主机名之一（约 ${from} 个中 1 个）。`,
      'fingerprint-same': (a) => `两者都变成 ${a}：一个指纹，所以这个网页只抓一次。`,
      'fingerprint-differ': (a, b) => `它们仍是两个 URL：${a} 和 ${b}，两个指纹，要抓两个网页（规则不能把不同的网页合并）。`,
      'prefix-found': (cut) => `没有结束标记时，广义表对 ${cut} 回答“找到”，因为它是某个已存 URL 的前缀：这正是本课展示的缺陷。`,
      'prefix-missed': (cut) => `有了结束标记，只有在某个已存 URL 结束的位置才算找到，而 ${cut} 差最后一个字符。`,
      'false-positive': (m, k, answer) => `列表中的第 ${answer} 个 URL：它的 ${k} 个位置在 ${m} 位的过滤器里全都是 1，虽然它从未插入。其余的至少碰到一个 0 位。`,
      'quality-high-bits': (answer, f1, s1, m1, f2, s2, m2, f3, s3, m3) =>
        `答案是第 ${answer} 个。高位得分（最差的 M；^N 为“有多不可能”的以 2 为底的对数，^20 起判为不通过）：${f1} ^${s1}（M = ${m1}），${f2} ^${s2}（M = ${m2}），${f3} ^${s3}（M = ${m3}）。最高几位固定或很少为 1 的函数（hf 从不置位的符号位、ELFhash 放在更宽字里的 28 位、只散列最后几个字符的函数），在散列表取高位时会把 URL 堆进少数几个桶。`,
      'canon-pair': (answer, sb, wa, wb) =>
        `第 ${answer} 对：Safe Browsing 把两者都写成 ${sb}，WHATWG 却得到 ${wa} 和 ${wb}。Safe Browsing 去掉片段并还原 %-转义，WHATWG 两者都保留。其余几对要么两者都视为同一网页（大小写、“:80”、“/./”），要么两者都不（http ↔ https、会话 ID、空查询）。`,
      'cuckoo-false-positive': (buckets, bits, load, answer) =>
        `列表中的第 ${answer} 个 URL：它的两个桶之一（共 ${buckets} 个桶，装填 ${load} %）中有一个指纹与它自己的 ${bits} 位指纹相同，尽管它从未插入。其余两个都不匹配。`,
      'cuckoo-false-positive-none': (buckets, bits, load) =>
        `三个都不是：它们的两个桶里（共 ${buckets} 个桶，装填 ${load} %）没有与其 ${bits} 位指纹相同的指纹。`,
      'false-positive-none': (m, k) => `三个 URL 在 ${m} 位的过滤器里各自的 ${k} 个位置中都至少有一个 0 位：这里没有误判。`,
    },
  },
  lesson: {
    heading: '课程',
    pick: '论文',
    prev: '← 上一步',
    next: '下一步 →',
    close: '关闭',
    keys: '按键：PageDown 或 → 下一步，PageUp 或 ← 上一步，Esc 关闭课程（再次打开时从同一步继续）。',
    progress: (i, n) => `第 ${i} 步，共 ${n} 步`,
    claim: '论文的说法',
    live: '实验室实测',
    why: '为何不同',
    question: '留给你的问题',
    showAnswer: '显示答案',
    measuring: '测量中……（正在设置上方的视图）',
    otherData: (n) => `这一步的实时数字针对课程的数据，即内置语料（${n} 个 URL）；你保留了自己的数据，所以这里不显示数字。各视图显示的是你的数据。`,
  },
  lessons: {
    p1: {
      title: 'P1 · 李晓明、凤旺森（2004）：哪个 URL 散列函数分布最好？',
      steps: [
        {
          title: '三个函数，12 台机器',
          claim:
            'P1 推荐 HfIp，不建议用 ELFhash（其 B 在 1 到 5 之间波动）。P1 发现 hf 在 M = 8、10、40 时最好，在 M = 12 时却最差，“原因不清楚”。',
          live: (e, i, h, empty) =>
            `100 000 个语料 URL，M = 12：负载平衡测度 B（1 为完美）ELFhash 为 ${e}，HfIp 为 ${i}，hf 为 ${h}；hf 让 12 个槽中的 ${empty} 个空着。`,
          explain:
            'B 是最满的槽的负载除以平均负载。HfIp 和随机一样均匀；hf 把 URL 全堆进三分之一的槽；ELFhash 的聚集介于两者之间。',
        },
        {
          title: '为什么 hf 在 12 时失败、在 8 时不会',
          claim: 'P1：“hf 在 M=8，10，40 时表现最好（比 HfIp 要好），但在 M=12 时最差（比 ELFhash 要差）。这种不稳定性的原因不清楚。”',
          live: (b8, b12, share) => `hf 在 M = 8 时 B = ${b8}；在 M = 12 时 B = ${b12}。hf 的散列值中有 ${share} % 是 3 的倍数。`,
          explain:
            'hf 返回 3·Σ c·i，每个值都是 3 的倍数。当 3 整除 M（12、18）时，3 的倍数只能落在 0、3、6、9……号槽：三分之一的槽承担全部 URL，B ≈ 3。当 3 不整除 M（8、10、16、40）时，因子 3 无害。',
        },
        {
          title: 'P1 唯一表格中的一处印刷错误',
          claim: 'P1 的表格在 N = 1 000 000、M = 200 000 时印出最优值 A(opt) = 2.75。',
          live: (printed, formula, n, m) => `按 P1 自己的公式 (N/M + 1)/2，N = ${n}、M = ${m} 时得 ${formula}；表中印的是 ${printed}。`,
          explain:
            '表中其余各列都与公式相符，所以 2.75 是 3.00 的印刷错误。同一张表中，N 不超过 300 万时 HfIp 的值都低于随机函数的平均值。在某一份具体的列表上，函数可以做到（按爬行顺序、只差一个计数的一串 URL 可能比随机分得更匀），但对各种列表平均而言做不到；本实验室的语料没有这样的序列，HfIp 在上面测得的正是随机函数的水平。',
        },
        {
          title: 'ELFhash 的低位就是 URL 的最后一个字符',
          claim: 'P1 认为 ELFhash 较差，B 在 1 到 5 之间，但没有给出原因。',
          live: (share, b8, predicted) =>
            `${share} % 的 URL 中，ELFhash 的低 4 位等于最后一个字节的低 4 位。M = 8 时实测 B = ${b8}；仅由 URL 的结尾字符预测：${predicted}。`,
          explain:
            'ELFhash 每读一个字节就左移 4 位，最后一个字节几乎原样落在低位。M 是较小的 2 的幂时，槽号就由 URL 的结尾决定：“l”（.html）、“m”（.htm）、“/”……URL 的结尾远非均匀分布，于是槽出现聚集。',
        },
        {
          title: 'P1 之外：同样的函数接受 SMHasher3 式的测试',
          claim:
            'P1 根据 A 和 B 称 ELFhash、HfIp 和 hf 对 URL“很好”，而 A、B 只在几个 M 下度量整个 URL 的低位。',
          live: (clean, total, elf, hfip, hf, tests, xxh3) =>
            `${total} 个函数中，有 ${clean} 个在这些 URL 上没有任何一行不通过。ELFhash 的 ${tests} 行中不通过 ${elf} 行，HfIp ${hfip} 行，hf ${hf} 行；XXH3 不通过 ${xxh3} 行。`,
          explain:
            'A 和 B 只看一种键的低位。改取高位（2^k 个槽的表可能这么做）、只散列主机或路径、或改动一个字节，P1 的函数就会把键堆进少数几个桶：hf 从不置最高位，ELFhash 只有 28 位且混合很少，HfIp 的字节相加而没有雪崩。MD5 全部通过，代价是 10 到 20 倍的时间；XXH3 很快，只在开头字节相同的 URL 上不通过位独立性一行（它最后的混合步骤使输出位 0 和 32 相互牵连）。',
        },
      ],
      question: '要把 URL 分给 18 台爬虫机器，你会用 hf 吗？16 台呢？为什么？',
      answer:
        '18 台不行：3 整除 18，hf 的值（都是 3 的倍数）只能到达 18 台中的 6 台，每台承担平均负载的三倍。16 台可以：3 与 16 没有公因子，16 台都能到达，hf 的负载平衡和 M = 8 时差不多。散列值与 M 有公因子的函数会浪费槽；HfIp 或现代散列函数不在乎 M 是多少。',
    },
    p2: {
      title: 'P2 · 李村合、何淑庆、张培颖：按路径散列分配抓取任务',
      steps: [
        {
          title: '表 1：近乎完美的划分？',
          claim: 'P2 的表 1 给 7 个搜集节点各分到 246 951 个 URL 中的 34 972 到 35 580 个：相当于 B = 1.0085。',
          live: (printed, b, zero) =>
            `印刷值 B = ${printed}。按原文的路径散列，在 246 951 个语料 URL 上：B = ${b}；${zero} 的 URL 路径散列值为 0，全部分给节点 1。`,
          explain:
            '按原文，路径散列返回 r·s，而 s 每 3 个字符清零一次（r 保存刚结束的那一组）：路径长度是 3 的倍数（或不足 3）时 r·s 为 0。三分之一的路径散列为 0，节点 1 承担三分之一的抓取：印出的负载平衡不可能来自这段代码。',
        },
        {
          title: '哪种读法能印出表 1？',
          claim: 'P2 第 (14) 行代码是 r=s; s=0，注释却是“将 r 异或 s 的值赋值给 r”。代码与注释 (15) 都返回 r*s。表 1 印出各节点的 URL 数，相当于 B = 1.0085。',
          live: (b, p, xor) => `实验室的修复版（15 位字的异或）：B = ${b}，χ² 检验 p 值 = ${p}。注释的异或读法：B = ${xor}。`,
          explain:
            '只有修复后不再让三分之一路径散列为 0 的函数，才能像印出的那样给出与随机一样均匀的划分。异或读法保留了 r·s 乘积，同样失败。',
        },
        {
          title: '为什么要按路径分配',
          claim: 'P2 按路径而不是按站点分配 URL，以免一个大站点压垮一个节点。',
          live: (b, host, urls, share) =>
            `改为按主机名分配：B = ${b}。最大的站点 ${host} 有 ${urls} 个 URL（${share}），全部落在同一个节点。`,
          explain:
            '真实的爬虫（Nutch、Heritrix、Frontera）按主机名或域名分配，为的是礼貌抓取：一个站点只由一个节点访问。一个站点占 18 % URL 的语料，会让该节点承担约两倍的份额。P2 的想法是对的，它的散列函数不对。',
        },
        {
          title: '站点表只保留五个字符',
          claim: 'P2 用站点散列把站点放进一个 2^21 个槽的站点表。',
          live: (sites, occupied, collisions, expected) =>
            `按折叠读法，${sites} 个主机名只占了 ${occupied} 个槽：冲突 ${collisions} 次，随机散列约为 ${expected} 次。`,
          explain:
            '按描述，站点散列只保留主机名的最后几个字符，而中文网站的主机名结尾相近（.com.cn、.edu.cn）：它们挤在少数几个槽里。200 万个槽放几百个站点，本应几乎没有冲突。',
        },
        {
          title: 'P2 之外：一个节点失效了怎么办？',
          claim: 'P2 按 hash mod n 把 URL 分给 7 个搜集节点，Nutch 和 Frontera 也是如此；P2 没有谈到节点失效或加入的情形。',
          live: (hosts, nutch, theoryMod, jump, ring, theoryCons) =>
            `8 个节点变为 7 个，在载入的 ${hosts} 个主机名上：Nutch 下 ${nutch} 的主机名换了节点（理论值 ${theoryMod}）；跳跃散列下 ${jump}，散列环上 ${ring}（理论值 ${theoryCons}：只有失效节点的主机名）。`,
          explain:
            'mod n 下，只有 h mod 8 = h mod 7 的主机名留在原处，所以一个节点失效时，几乎每个主机名的待抓队列、robots.txt 和礼貌访问计时都要移到另一个节点。一致性方案（带虚拟节点的散列环、会合散列、跳跃散列）只移动失效节点的主机名，并分给其余节点：Dynamo、Cassandra 等分布式存储正是为此采用它。在动画中播放这次移动，再试试别的节点数。',
        },
      ],
      question: 'P2 把一个站点的 URL 分散到全部 7 个节点。这样做爬虫失去了什么？你会按什么分配？',
      answer:
        '失去了礼貌抓取和复用：7 个节点同时抓同一个站点，每个站点的访问频率限制、robots.txt、DNS 结果和已打开的连接都要在各节点之间共享或重复。按主机名或注册域名分配能让一个站点只在一个节点上；按整个 URL（或修复后的路径散列）分配负载更均衡，但放弃了这些好处。',
    },
    p3: {
      title: 'P3 · 杨海东、叶小岭、张颖超（2006）：以 MD5 指纹作网页的唯一标识',
      steps: [
        {
          title: '10⁻²⁴：什么事件的概率？',
          claim:
            'P3：散列值取 128 位时，“任意两个分别为 M1、M2 的输入报文具有完全相同的 h(m) 的概率为 10⁻²⁴”，“较人类指纹的重复概率 10⁻¹⁹ 还要小 5 个数量级”；128 位“在现在及未来的一段时间内完全可以满足要求”。',
          live: (two, pages, p128, atClaim, pairs64) =>
            `两个给定 URL 的 MD5 相同的概率为 ${two}。在 P3 所说的 ${pages} 个网页中，存在某一对 MD5 相同的概率为 ${p128}；只要 ${atClaim} 个 URL 就已超过 10⁻²⁴。若用 64 位指纹，约有 ${pairs64} 对冲突。`,
          explain:
            '10⁻²⁴ 与哪种理解都不符：两个给定输入冲突的概率是 2⁻¹²⁸（10⁻²⁴ 相当于 80 位的摘要），而 n 个 URL 中出现冲突的概率按 n²/2¹²⁹ 增长（生日界）。按 P3 自己的规模约为 10⁻¹⁹，并不比人类指纹好，但仍可忽略：128 位确实够用，只是理由不是论文给出的那个。',
        },
        {
          title: '相似的 URL，毫不相关的摘要',
          claim:
            'P3 的表 1（扫描件中已缺失）对三个相似的 URL 做了散列。要点是 m 的每一个字符都与摘要的每一位相关，“初值每个字符的变动，都将对结果值 c 产生明显影响”。',
          live: (pairs, mean, sd, min, max, p) =>
            `${pairs} 对几乎相同的语料 URL（改一个字符、加一个斜杠、主机名大写……）的 MD5 平均有 ${mean} 位不同（共 128 位；标准差 ${sd}，最少 ${min}，最多 ${max}）。二项分布 Binomial(128, ½) 给出 64（标准差 5.66）：χ² 检验 p 值 = ${p}。`,
          explain:
            '这就是雪崩效应：两个摘要的每一位是否相同，就像抛一次硬币。它让几乎相同的 URL 彼此远离，却说明不了无关 URL 之间的冲突（那要看生日界）；这也是 MD5 找不出近似重复网页的原因：相似的网页得到毫不相关的标识。',
        },
        {
          title: 'P3 为规范化 URL 印出的摘要',
          claim: 'P3 把 URL 规范化为 "http://" + IP + 路径，以其 MD5 作 IP_ID（域名形式得到 Name_ID），并印出了各自得到的摘要。',
          live: (ip, tried, name) =>
            `${ip} 是空字符串（上方的文本 A）的 MD5：试过的 ${tried} 个候选（扫描件中残留的 URL 片段、站点的主机名和地址……）中只有 "" 得到它。另一个印出的摘要 ${name} 一个也不匹配。`,
          explain:
            'P3 为规范化 URL 印出的摘要是空输入的 MD5，空缓冲区或尚未赋值的变量就会给出它。这是从一个印出的摘要作的推断；假如 P3 的程序真是这样运行的，每个规范化后的 URL 都会得到同一个标识，除第一个外全被当作重复丢弃。一旦看到以 d41d8cd9 开头的摘要，该怀疑的是输入，而不是散列函数。',
        },
        {
          title: '短指纹与生日界',
          claim: 'P3 取 128 位，“为了节省空间，同时又满足系统的要求”；取 384 位乃至 1024 位时“则更是不大可能重复”。',
          live: (urls, c32, e32, c24, e24, fd16, e16) =>
            `只保留 ${urls} 个不同语料 URL 的 MD5 前几位：32 位时有 ${c32} 对冲突（期望 ${e32}），24 位时 ${c24} 对（期望 ${e24}）；16 位时会有 ${fd16} 个 URL 被误当作重复丢弃（期望 ${e16}）。`,
          explain:
            'MD5 的表现如同随机函数，所以 b 位指纹约有 n²/2^(b+1) 对冲突，与实测相符。32 位在约 77 000 个 URL 时出现冲突的概率就达到一半，64 位在约 50 亿时；128 位远超任何一次抓取的规模仍然安全，384 位或 1024 位只是浪费空间。',
        },
        {
          title: 'P3 之外：哪些写法是同一个网页？',
          claim:
            'P3 在取 MD5 之前把 URL 变成 "http://" + 主机 + 路径，对网页的其他写法只字未提。各爬虫自定规则。',
          live: (added, wg, sb, storm, p3, changed, split) =>
            `在语料中加入 ${added} 个改写后：WHATWG 合并 ${wg} 种写法，Safe Browsing ${sb} 种，StormCrawler ${storm} 种，P3 的键 ${p3} 种。WHATWG 改变了 ${changed} 种写法的字节，因而也改变了它们的 MD5；Safe Browsing 合并的网页中有 ${split} 个被 P2 分散到两个或更多节点。`,
          explain:
            '没有哪个方案是“对的”：WHATWG 保留片段和转义，Safe Browsing 两者都去掉，只有 StormCrawler 去掉会话 ID，只有 P3 的键把 https 和 http 视为同一网页。爬虫选哪套规则，就决定了它的不同网页数、指纹和过滤器的误判；应在分配节点之前规范化，否则 P2 的节点看不出两种写法是同一网页。',
        },
      ],
      question: '为了让指纹库小一半，某爬虫改用 64 位指纹而不是 128 位。在 P3 所说的 130 亿个网页上，会出什么问题？多频繁？',
      answer:
        '约有 n²/2⁶⁵ ≈ 4.6 对不同的网页指纹相同（至少一对的概率为 99 %），每对中的第二个网页永远不会被抓取：误判为重复。很少有爬虫会察觉，但这不是 P3 所说的“近于零的重复概率”；用 128 位时概率约为 10⁻¹⁹。',
    },
    p4: {
      title: 'P4 · 吴小惠（2009）：用改进广义表（字符字典树）给 URL 去重',
      steps: [
        {
          title: 'P4 中 sina.com 和 sohu.com 的广义表',
          claim:
            'P4 把 URL 分割为单个字母，每个节点存一个字母，带 head（下一层）和 tail（同层下一个节点）指针及 isRoot 标志；其图 1 画的是 sina.com 和 sohu.com。公共前缀只存一次。',
          live: (nodes, urls, chars, roots, javaBytes) =>
            `实验室构造的表：${urls} 个 URL 共 ${nodes} 个节点，其中字母节点 ${chars} 个，各层 root 节点 ${roots} 个。按 P4 的 Java 每个节点 24 字节，每个 URL 合 ${javaBytes} 字节。`,
          explain:
            '这两个 URL 只共享第一个字母 s。其余每个字母都要一个节点，每新开一层还要一个 root 节点：每个不共享的字符约两个节点。共享只在 URL 的开头（http://www.）有用，在每个 URL 都不同的结尾处没有用。',
        },
        {
          title: '前缀被当作已爬行',
          claim: 'P4：如果遍历到 URL 的最后一个字母，每个字母依然存在对应的节点，“则该 URL 已经爬行过”，需要去重。',
          live: (stored, lookup, printed, fixed, urls, falseDups) =>
            `已存 ${stored}，查找 ${lookup}：P4 的广义表说“${printed}”，带结束标记的表说“${fixed}”。在载入的 ${urls} 个 URL 中，有 ${falseDups} 个是这种误判的重复。`,
          explain:
            '没有任何东西标记已存 URL 在哪里结束，所以已存 URL 的任何真前缀（其网页所在的目录、较短的编号）都被当作已爬行，永远不会被抓取。语料中没有这样的 URL 对；真实的列表中有（PhishStorm 的 48 000 个正常 URL 中有 591 个）。每个节点加一个结束标志即可修复。',
        },
        {
          title: '每个 URL 占多少字节',
          claim:
            'P4：“当有 1 万条 URL 数据的时候，占用的内存大小为 2MB”；按线性增加，“1 千万个网站”需要 2GB（笔误：这个算式算的是 1 千万个 URL；1 千万个网站按 P2 的每站 972.8 个网页计约为 97 亿个 URL），而由于公用节点现象的普遍存在，“实际占用的内存空间应该比 2GB 小”。',
          live: (urls, gl, nodes, javaBytes, hashSet, md5, fst, mb, perUrls, p4) =>
            `在 ${urls} 个语料 URL 上，P4 的广义表每个 URL 占 ${gl} 字节（每个 URL ${nodes} 个节点；按 P4 的 Java 约 ${javaBytes} 字节）；字符串的散列集合 ${hashSet}，MD5 指纹集合 ${md5}，FST ${fst}。P4 的每 ${perUrls} 个 URL ${mb} MB，即每个 URL ${p4} 字节。`,
          explain:
            '一个节点存一个字符和两个指针（这里 12 字节，JVM 中 24 字节），本语料的一个 URL 约需 40 个节点。P4 的数字折合每个 URL 不到 9 个 Java 节点：在前缀很长的列表上可以做到（list.asp?id=1001、1002……每个只需 1 到 2 个节点），在这里的语料上做不到。散列集合只需广义表内存的六分之一，MD5 指纹不到二十分之一。',
        },
        {
          title: 'P4 提到的布隆过滤器',
          claim:
            'P4：布隆过滤器只需散列表 1/8 到 1/4 的大小，“用一个 16 倍大的地址空间，让所有 8 个 hash 函数都映射到这个地址空间里面”；它“有一定的误识别率”，但 P4 没有给出数值。',
          live: (perUrl, ofSet, setBytes, ofMd5, md5Bytes, fp, trials, measured, method, exact) =>
            `m/N = 16、k = 8 时，过滤器每个 URL 占 ${perUrl} 字节：是第 3 步中字符串散列集合（每个 URL ${setBytes} 字节）的 ${ofSet}，MD5 集合（${md5Bytes}）的 ${ofMd5}。${trials} 个新 URL 中有 ${fp} 个被判为已见过：${measured}（索引取法：${method}）；公式给出 ${exact}。`,
          explain:
            '每个 URL 16 位即 2 字节，与 URL 多长无关：远小于字符串表的 1/8，约为 16 字节指纹的 1/11。代价是：约每 1 700 个新 URL 中有一个被误判为已见过，永远不会被抓取；广义表和各种集合从不犯这种错。',
        },
      ],
      question: '你的爬虫要在内存 2 GB 的控制节点上记住 1 000 万个 URL。你会用哪种结构？代价是什么？',
      answer:
        '不能用 P4 的广义表：每个 URL 约 500 字节（Java 中再翻一倍），需要 5 GB。字符串散列集合约需 0.9 GB；MD5 指纹集合约 220 MB，冲突可以忽略；m/N = 16 的布隆过滤器只要 20 MB，但约每 1 700 个新 URL 会漏掉一个。稳妥的选择是 MD5 集合；内存紧张、能接受少量漏抓时用布隆过滤器。',
    },
    p5: {
      title: 'P5 · 吴家奇等（2018）：计数布隆过滤器与 IMP-CB',
      steps: [
        {
          title: 'k = 8、m/N = 20：误判率是多少？',
          claim: 'P5“根据文献 [12]”选取 k = 8、m/n = 20，在 500 000 到 2 000 000 个网页上测试，却没有印出误判率：图 3 只给出时间。',
          live: (method, fp, trials, measured, low, high, exact, bestK, atBestK) =>
            `索引取法：${method}，m/N = 20、k = 8：${trials} 个留出的 URL 中有 ${fp} 个被判为已见过，误判率 ${measured}（95 % 区间 ${low} – ${high}）。公式 (1 − e^(−kN/m))^k 给出 ${exact}；取最优的 k = ${bestK} 时为 ${atBestK}。`,
          explain:
            '公式的值落在实测的区间之内。在 IMP-CB 中误判不会丢失网页：过滤器的“可能存在”会把 URL 送去查指纹库，指纹库说它是新的；代价只是一次指纹库查询。k = 8 也不是最优：m/N = 20 时 k = 20 ln 2 ≈ 13.9，同样的内存下误判率减半。',
        },
        {
          title: '计数器溢出：两处印刷错误',
          claim:
            'P5：P(max c(i) ≥ j) ≤ m(ln2/j)^j，于是 4 位计数器（最大为 15）有 P(max c(i) ≥ 16) ≤ 1.37 × 10¹⁵ × m，“这个概率已经很小，可以应用到大部分应用场景”。',
          live: (m, n, bound, noE, printed, max, saturated) =>
            `${m} 个 4 位计数器，N = ${n}，k = 8：j = 16 时上界 m(e ln2/j)^j 为 ${bound}；P5 的公式少了 e，得 ${noE}；印出的 1.37 × 10¹⁵ × m 得 ${printed}。最满的计数器为 ${max}；达到 15 的有 ${saturated} 个。`,
          explain:
            '两者都是 Fan 等人的上界 m(e ln2/j)^j 的印刷错误，该上界给出 1.37 × 10⁻¹⁵ × m：印出的数丢了负号（10¹⁵ × m 不可能是概率），公式丢了 e（那样会得 1.5 × 10⁻²² × m）。结论仍然成立：m/N = 20 时 4 位计数器实际上从不溢出。',
        },
        {
          title: '在饱和的计数器上删除',
          claim:
            'P5：计数器到 2ⁿ − 1 就不再增加，删除时遇到这样的计数器“无法对 value 进行正确处理”；IMP-CB 把每个网页的 k 个计数器编号存入指纹库，删除时统计指纹库中用到该计数器的指纹个数。',
          live: (deleted, lost, kept, share, stickyLost, stickyStill, impLost) =>
            `2 位计数器（到 3 为止），m/N = 2，k = 4，删除 ${deleted} 个 URL 之后：对饱和计数器照样减 1 的计数布隆过滤器丢失了保留的 ${kept} 个 URL 中的 ${lost} 个（${share}）；从不减饱和计数器的丢失 ${stickyLost} 个，但仍能找到 ${stickyStill} 个已删除的 URL；IMP-CB 丢失 ${impLost} 个。`,
          explain:
            '饱和的计数器已经不知道有多少个 URL 用到它。照样减 1，会让它在保留的 URL 仍在使用时归零：这些 URL 从过滤器中消失，会被再次抓取。像 P5 那样到指纹库中统计，就能恢复正确的值。在 P5 自己的参数下没有计数器饱和。',
        },
        {
          title: 'P5 之外：今天你会选哪种？',
          claim: 'P5 用 4 位计数器（m/N = 20 时每 URL 80 位）换来删除能力；P4 的布隆过滤器每 URL 16 位。',
          live: (bloom, bloomRate, counting, cuckoo, cuckooRate, xor, xorRate, fuse) =>
            `在这些 URL 上按 1 % 误判率确定大小：布隆每键 ${bloom} 位（误判率 ${bloomRate}）；P5 的计数布隆过滤器 ${counting} 位；布谷鸟过滤器 ${cuckoo} 位（误判率 ${cuckooRate}），并且可以删除；对一次构造的集合，xor8 ${xor} 位（误判率 ${xorRate}），二元熔断 8 ${fuse} 位。`,
          explain:
            '计数布隆过滤器用布隆过滤器 4 倍的内存换来删除。布谷鸟过滤器也能删除，内存与布隆过滤器相当，且指纹每多一位误判率下降得更快；只构造一次、之后只读的集合（昨天的抓取）适合 xor 或二元熔断过滤器，只比 log2(1/ε) 下界多几个百分点。爬虫的“URL 是否见过”检测边抓边插入，很少删除：用布隆或布谷鸟过滤器，在误判会漏掉网页的地方，后面再配上精确的指纹库。',
        },
        {
          title: '计数器换来了什么（图 3）',
          claim:
            'P5 的图 3：网页从 500 000 增加到 2 000 000 时，MD5 指纹库查询去重的检测时间越来越长，“这是因为主要遇到 I/O 操作瓶颈”，而先查计数器的 IMP-CB 更快。文中没有给出数字。',
          live: (urls, counterBytes, counterPerUrl, impBytes, impPerUrl) =>
            `P5 的参数下，${urls} 个 URL 的计数器占 ${counterBytes} 字节（每个 URL ${counterPerUrl}）；IMP-CB 连同指纹库和每个网页的计数器编号共占 ${impBytes} 字节（每个 URL ${impPerUrl}）。`,
          explain:
            '计数器只是省去了指纹库查询；指纹库仍在，而且为了删除准确，每个网页还要存 k 个计数器编号。在内存中查一次指纹库与读 k 个计数器一样快，所以 IMP-CB 并无收益；它的收益需要指纹库在磁盘上。计数视图会计时：其中的图 3 面板在本浏览器中重现 P5 的实验，指纹库分别放在内存和 SQLite 中（urlhash paper p5 在本机做同样的实验）。',
        },
      ],
      question: 'IMP-CB 反正要把每个网页的 MD5 存进指纹库。放在它前面的计数布隆过滤器什么时候值得它占的内存，什么时候不值得？',
      answer:
        '当指纹库在磁盘上（或在远端）且多数 URL 是新的时候：计数器为 0 就证明 URL 是新的，无需任何 I/O，只有约七千分之一的新 URL（k = 8、m/N = 20 时的误判率）白白查询指纹库。重复的 URL 仍要查指纹库。当指纹库放得进内存时，一次查询与读 8 个计数器一样快，计数器只是多占内存。',
    },
  },
  skipToResults: '跳到结果',
  mapLabel: '实验室导航',
  benchHandle: '设置',
  map: {
    input: '输入',
    p1slots: '槽',
    p1figures: '图',
    p1why: '为什么？',
    p1slotmap: '槽位图',
    p2: '爬虫',
    p2nodes: '节点增减',
    p4: '字典树',
    p5bloom: '布隆',
    p5counting: '计数',
    p5filters: '今日过滤器',
    p3canon: '同一网页？',
    p1quality: '散列质量',
    p3: '指纹',
    claims: '论断清单',
    all: '报告',
  },
  mapCollapse: '折叠',
  mapExpand: '展开',
  mapOnly: (paper) => `只看 ${paper}`,
  mapShowAllFrom: (paper) => `只显示 ${paper}：显示全部论文`,
  papers: {
    summary: '五篇论文各部分展示什么',
    p1: '李晓明、凤旺森（2004）：ELFhash、HfIp 和 hf 散列到 M 个槽：槽的负载、A 与 B、图 1–3，以及论文数字为何有误。',
    p2: '李村合、何淑庆、张培颖：按路径散列把抓取任务分给搜集节点：各节点负载对照表 1、Nutch、Heritrix 和 Frontera。',
    p3: '杨海东、叶小岭、张颖超（2006）：MD5 网页指纹：雪崩效应、生日界、别名与镜像。',
    p4: '吴小惠（2009）：逐步绘出广义表字典树，每个 URL 的字节数对照散列集合、Patricia 树和 FST。',
    p5: '吴家奇等（2018）：布隆过滤器与计数布隆过滤器：实测误判率对照公式、计数器溢出、删除与 IMP-CB。',
  },
  oneFileLink: '下载单文件版实验室',
  oneFileFacts: (size, sha256) => `url-hash-lab.html，${size}，SHA-256 ${sha256}：无需服务器，可从磁盘离线打开。`,
  worksOffline: '可离线使用',
  worksOfflineTitle: (version, files) => `版本 ${version} 的全部 ${files} 个文件已缓存在本浏览器中：没有网络也能打开和使用实验室。`,
  updateReady: '实验室的新版本已准备好。',
  updateReload: '重新加载以更新',
  noWorker: '此浏览器无法运行模块型 Web Worker（后台线程），而实验室需要它。请使用新版 Firefox、Chrome、Edge 或 Safari。',

  // Input
  inputHeading: '1. URL',
  corpusLabel: '内置语料（仿 2004 年的中文网页抓取）',
  corpusButton: '载入语料',
  corpusHint: '页面打开时载入 100 000 个语料 URL。246 951 是 P2 表 1 的规模；20 000 000 是 P1 的规模，需要一段时间和约 500 MB 内存。',
  corpusTable1: (n) => `${n}（P2 表 1）`,
  pasteLabel: '粘贴 URL，每行一个',
  pastePlaceholder: 'http://www.pku.edu.cn/\nhttp://net.pku.edu.cn/~webg/',
  pasteButton: '对粘贴的 URL 计算散列',
  fileLabel: '或者一个 URL 文件（每行一个，或 CSV、TSV 表格）',
  fileButton: '打开文件…',
  dropHint: '也可以把文件拖放到页面的任意位置。',
  dropOverlay: '放下 URL 列表即可计算散列',
  keyLegend: '对什么计算散列',
  keyUrl: '完整 URL（P1）',
  keyHost: '仅主机名（P2 的站点散列）',
  keyPath: '路径和查询串（P2 的路径散列）',
  cancel: '取消',
  cancelled: '已取消载入。页面仍显示先前的输入。',
  loadingStart: '正在开始…',
  reportHeading: '输入中有什么',

  // Functions
  functionsHeading: '3. 散列函数',
  functionsHint: '勾选的函数会在图表和表格中进行比较。',
  paperGroup: {
    P1: 'P1 · 李晓明、凤旺森 2004（受检验的论文）',
    P2: 'P2 · 李村合、何淑庆、张培颖：站点散列与路径散列',
    P3: 'P3 · 杨海东等 2006：MD5 指纹',
    baseline: '实际爬虫使用的基准函数',
  },
  noFunctions: '至少勾选一个散列函数才能看到结果。',
  notKeptFunction: (fn, key, n) =>
    `无法给这份输入加入 ${fn}：它的 ${n} 行 URL 太大，页面没有保留，所以只能显示载入时已勾选的函数对${key}的结果。`,
  reloadWith: (fn) => `勾选 ${fn} 后重新载入`,
  notKeptKey: (key, fns, n) =>
    `无法从这份输入读取${key}：它的 ${n} 行 URL 太大，页面没有保留，所以 ${fns} 只能按载入时的键显示。`,
  reloadOver: (key) => `按${key}重新载入`,
  noKeys: (key) => `这份输入中没有一行能读出${key}：这个键下没有可度量的内容。请换一个键。`,

  // Slots
  slotsHeading: '2. 槽（M）',
  slotsHint: 'URL 所在的槽就是它的散列值 mod M：散列表中的一个桶，或爬虫集群中的一台机器。',
  slotsPresetGroups: [
    { label: 'P1 图 2 的机器数', values: [8, 10, 12, 40] },
    { label: 'P1 图 3 的机器数', values: [11, 14, 16, 18] },
    { label: 'P2 的搜集节点数', values: [7] },
    { label: 'P1 图 1 的表大小', values: [200000, 800000, 1000000, 2000000] },
    { label: 'P2 的路径表和站点表', values: [32768, 2097152], powers: [15, 21] },
  ],
  slotsField: '任意 M',
  slotsApply: '应用',
  slotsFieldHint: '1 到 4 294 967 295 之间的整数（或 2^k）。',
  slotsEmpty: '请输入槽数。',
  slotsNotNumber: (text) => `“${text}”不是数字。请输入整数槽数，例如 12 或 200000。`,
  slotsNegative: '槽数不能为负。',
  slotsZero: '0 个槽就无处放置 URL：请输入 1 或更大的数。',
  slotsFraction: (text) => `槽数必须是整数：${text} 不是整数。`,
  slotsTooLarge: '最多 4 294 967 295 个槽（2^32 − 1），这是论文中无符号运算所允许的最大 M。',

  // Status
  working: '正在计算…',
  loadingCorpus: (done, total) => `正在生成语料 URL 并计算散列：${done} / ${total}`,
  loadingBytes: (done, total) => `正在读取并计算散列：${done} / ${total}`,
  loadingSplit: (done, total, workers) => `${workers} 个后台线程同时读取并计算散列：${done} / ${total}`,
  loadingPaste: '正在对粘贴的 URL 计算散列…',
  busyLoading: '另一份输入仍在载入：请先取消它。',
  rebinned: (ms) => `已重新分槽，用时 ${ms} ms`,
  hashingKey: (fn, key, pct) => `正在用 ${fn} 计算${lead(trail(key))}的散列：${pct}`,
  computed: (ms) => `计算完成，用时 ${ms} ms`,
  pasteEmpty: '输入框是空的：请先粘贴一些 URL。',
  twoSentences: (first, second) => `${first}${second}`,
  askData: (mine, n) => `这一课是按内置语料（${n} 个 URL）写的。页面上现在的数据是${mine}。要载入课程的数据来替换它吗？之后可以换回你的数据。`,
  askKeep: (mine) => `保留${mine}`,
  askLoad: (n) => `载入课程的 ${n} 个 URL`,
  askTitle: '更换数据？',
  undoData: (previous) => `换回${previous}`,
  dataSwapped: (now, previous) => `课程载入了${now}，替换了${previous}。`,
  dataKept: (mine) => `你保留了${mine}：各视图显示它；针对课程数据的实时数字不予显示。`,
  badgeLabel: '数据',
  badgeCorpus: '内置语料',
  badgePaste: '粘贴的 URL',
  badgeSize: (urls, key) => `${urls} 个 URL · ${key}`,
  badgeTitle: (what, urls, key) => `页面上的每个数字都来自${what}：${urls} 个 URL，按${key}计算散列。点击打开数据面板。`,
  loadNothing: (what) => `没有载入任何数据：${what}中没有 URL 行。`,
  emptyWhatPaste: '粘贴的文本',
  emptyWhatFile: (name) => `文件“${name}”`,
  loadKept: (current) => `页面上的数据和结果仍是${current}的。`,
  bigPaste: (lines, shown) =>
    `已粘贴 ${lines} 行。为保持页面流畅，输入框只显示前 ${shown} 行；“对粘贴的 URL 计算散列”会处理全部 ${lines} 行（在输入框里的编辑会改动粘贴文本的相应位置；清空输入框即清空全部）。`,
  workerFailed: (msg) => `实验室的后台线程无法启动：${msg}`,
  workerBroken: (msg) => `WebAssembly 核心已停止（${msg}），很可能是内存不足。`,
  restarting: (why) => `${why} 正在重启实验室…`,
  restarted: (why, what) => `${why} 实验室已重启，并重新载入了${lead(what)}。`,
  cancelledRestarted: (bytes) =>
    `被取消的载入已把后台线程的内存增长到 ${bytes}，而 WebAssembly 从不归还内存，因此已重启后台线程，并重新载入屏幕上的输入。`,
  againCorpus: (n) => `内置语料（${n} 个 URL）`,
  againFile: (name) => `文件“${name}”`,
  againPaste: '粘贴的 URL',
  restart: '重启实验室',
  errorPrefix: '错误：',
  // 核心与后台线程的错误，按代码（见 wordError）；参数中的 id 由 errorWords 表述。
  errorWords: {
    'trie-lines': '字典树的行数',
    'checkpoint-step': '检查点步长',
    'inserted-keys': '插入的键数',
    bits: '位数',
    lines: '行数',
    'corpus-start': '语料起点',
    'p1-report': 'P1 的报告',
    partition: '分区模拟',
    trie: '字典树研究',
    filters: '过滤器',
    fingerprints: '指纹研究',
    'fp-sites': 'P3 的 IP_ID 与 Name_ID 计数',
    quiz: '这道题',
    seed: '题目种子',
    canonical: '规范化计数',
    columns: '在第一行之后选择列',
    input: '给已结束的输入再添加行',
    cache: '正在计算的散列值',
    job: '正在运行的研究',
    'trie-first': '已完成的字典树研究',
    'trie-build-first': '计时用的结构',
    bloom: '布隆过滤器测量',
    cbf: '计数过滤器任务',
    'cbf-unfinished': '已完成的计数过滤器任务',
    'split-first': '插入与留出 URL 的划分',
    split: '插入与留出 URL 的划分',
    fp: '指纹研究',
  },
  errors: {
    'unknown-function': (id, known) => `没有散列函数“${id}”；本实验室有 ${known}。`,
    'unknown-key': (key) => `没有键“${key}”：请对整个 URL、主机或路径做散列。`,
    'slots-range': (m) => `槽数必须是 1 到 4 294 967 295 之间的整数，而不是 ${m}。`,
    'not-whole': (what, min, value) => `${what}必须是不小于 ${min} 的整数，而不是 ${value}。`,
    core: (detail) => `实验室核心拒绝了这组参数：${detail}`,
    'unknown-delimiter': (d) => `没有列分隔符 ${d}：请用逗号、制表符或分号。`,
    sequence: (what) => `页面向实验室的后台线程请求${what}的顺序不对。请重新载入页面；如果再次出现，这是本实验室的缺陷。`,
    'line-past': (start, kept) => `第 ${start} 行超出了页面保留的 ${kept} 行 URL（输入太大，无法全部保留）。`,
    'slots-too-many': (m, max) => `M = ${m} 个槽超出了浏览器逐一计数的能力；本实验室最多计数 ${max}（2^27）个槽。`,
    'p1-figure': (fig) => `P1 只有图 1、图 2 和图 3，没有 ${fig}。`,
    'none-kept': (n, budget, what) => `${n} 行 URL 一行也没能保留（第一行就超过页面保留的 ${budget} 字节），所以${what}无法读取它们。`,
    'not-kept': (n, fn, key) => `${n} 行 URL 太大，未能保留，所以现在无法计算 ${fn} 对${key}的散列：请选中它后重新载入输入。`,
    'suffix-rules-missing': () => '公共后缀列表尚未载入，而按域名和 Heritrix 的策略需要它。',
    'nodes-range': (nodes) => `搜集节点数必须在 1 到 65 536 之间，而不是 ${nodes}。`,
    'rebalance-nodes-range': (nodes) => `比较节点增减时，搜集节点数必须在 1 到 1 024 之间，而不是 ${nodes}。`,
    'vnodes-range': (v) => `环上每个搜集节点的虚拟节点数必须在 1 到 1 000 之间，而不是 ${v}。`,
    'filters-no-setting': () => '比较过滤器时，请至少给出一个每键位数或一个目标误判率。',
    'bits-per-key-range': (b) => `每键位数必须在 1 到 64 之间才能确定过滤器的大小，而不是 ${b}。`,
    'target-fpr-range': (e) => `目标误判率必须在 1e-9 到 0.5 之间，而不是 ${e}。`,
    'k-range': (k, max) => `k（每个 URL 的位置数）必须在 1 到 ${max} 之间，而不是 ${k}。`,
    'ratio-range': (r, max) => `m/N 必须大于 0 且不超过 ${max}，而不是 ${r}。`,
    'trace-empty': () => '请至少输入一个要插入的 URL。',
    'trace-too-many': (max, n) => `示意图最多容纳 ${max} 个 URL；这里有 ${n} 个。`,
    'trace-too-long': (max, n) => `示意图只接受不超过 ${max} 字节的 URL；有一个长 ${n} 字节。`,
    'trace-too-big': (max) => `这些 URL 会产生超过 ${max} 个节点，无法画出：请用更少或更短的 URL。`,
    'unknown-structure': (id, known) => `没有结构“${id}”；本实验室有 ${known}。`,
    'bad-trie-urls': (n) => `计时用的工作线程收到的 ${n} 字节不是 URL 列表；改由页面的工作线程计时。`,
    'structure-empty': () => '请用至少 1 个 URL 构建结构。',
    'methods-ratios': (methods, ratios) => `${methods} 种索引方法对应 ${ratios} 个 m/N 值：每个 m/N 需要一种方法。`,
    'demo-bits': (max, m) => `演示的位数组最多 ${max} 位，而不是 ${m} 位。`,
    'demo-empty': () => '演示至少需要 1 个 URL。',
    'counter-bits': (bits) => `计数器的位数在 1 到 32 之间，而不是 ${bits}。`,
    'delete-share': (share) => `删除的 URL 比例必须在 0 到 1 之间，而不是 ${share}。`,
    'no-urls': (what) => `${what}没有可用的 URL：尚未载入任何 URL。`,
    'too-few-distinct': (n) => `输入只有 ${n} 个不同的 URL；过滤器至少需要 2 个（一半插入，一半留出）。`,
    'unknown-canonical': (id, known) => `没有规范化规则“${id}”；本实验室有 ${known}。`,
    'text-too-long': (name, bytes, max) => `文本 ${name} 有 ${bytes} 字节；本实验室只散列不超过 ${max} 字节的行。`,
    'widths-count': (max, n) => `请给出 1 到 ${max} 种指纹位宽，而不是 ${n} 种。`,
    'birthday-n': (n) => `最大的 n 必须是 3 到 10^18 之间的整数，而不是 ${n}。`,
    'birthday-points': (max, n) => `曲线取 2 到 ${max} 个点，而不是 ${n} 个。`,
    'fp-bits': (bits) => `指纹的位数在 1 到 128 之间，而不是 ${bits}。`,
    'host-table-fields': (line, text) => `主机表第 ${line} 行：应为“主机 IP”两栏，实际是“${text}”。`,
    'host-table-ip-host': (line, text) => `主机表第 ${line} 行：“${text}”是“IP 主机”的顺序（/etc/hosts 的写法）；本表的顺序是“主机 IP”。`,
    'host-table-not-ip': (line, text) => `主机表第 ${line} 行：“${text}”不是 IPv4 或 IPv6 地址。`,
    'host-table-host-is-ip': (line, text) => `主机表第 ${line} 行：“${text}”是 IP 地址；第一栏应是主机名。`,
    'host-table-not-host': (line, text) => `主机表第 ${line} 行：“${text}”不是主机名。`,
    'bad-params': (kind, detail) => `页面请实验室的后台线程运行研究“${kind}”，但给出的参数它不接受（${detail}）：页面与后台线程的版本不同。请重新载入页面。`,
    'slotmap-slots': (max, m) => `槽位图至多绘制 ${max} 个槽，而不是 ${m}。`,
    'no-clock': () => `此浏览器没有给实验室的后台线程提供时钟（performance.now），因此无法为这些结构计时。`,
    'unknown-request': (kind) => `实验室的后台线程不认识请求“${kind}”：页面与后台线程的版本不同。请重新载入页面。`,
    superseded: () => '这个请求已被更新的请求取代。',
    'table1-sqlite': (detail) => `SQLite 的 WebAssembly 无法在这里运行：${detail}`,
    'table1-served-only': () => '数据库两行要在服务器上的实验室里测：这个从磁盘打开的单文件版不含 SQLite。',
    'no-input-yet': () => '尚未载入任何输入。',
    'no-input-loading': () => '没有正在载入的输入。',
    'slice-unreadable': () => '另一个后台线程读取的文件片段到达时已损坏。',
    'slice-order': () => '另一个后台线程读取的片段必须接在前一片段的完整行之后。',
    'quiz-needs-bakeoff': () => '这道题需要把 URL 分成插入与留出两部分：请先打开过滤器比较（今日过滤器）。',
    'quiz-needs-filter': () => '这道题需要把 URL 分成插入与留出两部分：请先运行布隆过滤器视图。',
    'quiz-too-few': () => '载入的行里没有适合这道题的（需要带主机的 URL；P5 还至少需要 3 个留出的 URL）。',
    'quiz-lesson': (lesson) => `没有课程“${lesson}”。`,
    'suffix-rules-unavailable': (detail) => `无法读取公共后缀列表（data/public-suffix-list.txt），而按注册域名和 Heritrix 的划分策略需要它：${detail}`,
    'second-module-unavailable': (detail) => `无法载入实验室的第二个 WebAssembly 模块（pkg/urlhashlab_beyond_bg.wasm），论文之外的视图在其中运行：${detail}`,
    'handover-unreadable': () => '载入的行在传给实验室第二个 WebAssembly 模块时损坏了，请重新载入输入。',
  },
  chartMissing: 'Chart.js 未能载入（缺少 vendor/chart.umd.min.js），因此无法绘制图表。',
  workerScriptFailed: '后台线程脚本载入失败',
  workerMessageUnreadable: '无法读取来自后台线程的一条消息',
  workerRestarted: '实验室已重启',
  dismiss: '关闭',

  // Input report (plain language); counts arrive as numbers
  sourceCorpus: (n) => `内置语料的 ${int(n)} 个 URL（种子 2004）。`,
  sourcePaste: '来源：粘贴的文本。',
  sourceFile: (name, size) => `文件“${name}”，${size}。`,
  reportWorkers: (n) => `由 ${n} 个后台线程各读文件的一段、同时计算，再合并为一个输入（数字与单个后台线程的相同）。`,
  reportLines: (lines, urls) => `读取了 ${int(lines)} 行，其中有 ${int(urls)} 个 URL。`,
  reportBlank: (n) => `跳过了 ${int(n)} 个空行。`,
  reportBom: '已删除开头的字节顺序标记（BOM）。',
  reportCrlf: (n) => `${int(n)} 行以 CRLF（Windows 换行符）结尾；已删除其中的 CR。`,
  reportTooLong: (n, at) => `${int(n)} 行长于 64 KiB，已跳过（${at}）。`,
  reportInvalidUtf8: (n, at) => `${int(n)} 行不是有效的 UTF-8，按原始字节计算散列（${at}）。`,
  reportNul: (n, at) => `${int(n)} 行含有 NUL 字节，P1 的 C 函数读到那里就会停止（${at}）。`,
  reportUnsplittable: (n, part, at) => `${int(n)} 行没有${part}，对${part}计算散列时不计入（${at}）。`,
  reportSplitLater: '没有主机名或路径的行，会在你对主机名或路径计算散列时统计。',
  partHost: '主机名',
  partPath: '路径',
  reportClean: '没有异常：没有空行、BOM、CRLF、超长行或无效的 UTF-8。',
  reportKept: '这些行可以再次读取，因此换用其他函数或键时无需重新载入。',
  reportNotKept: (lines, budget) =>
    `输入超过了页面保留 URL 行的上限 ${budget}：要换函数或键，请先选好再重新载入。P1 的报告、爬虫划分和去重视图只测量前 ${lines} 行，并会注明。`,
  reportMemory: (bytes) => `实验室的后台线程占用 ${bytes} 的 WebAssembly 内存（这是峰值：这部分内存从不收缩）。`,
  /** A view measured the first lines only, because the page keeps no more. */
  onPrefix: (lines, loaded, budget) =>
    `只在已载入的 ${loaded} 个 URL 行中的前 ${lines} 行上测量：页面最多保留 ${budget} 的行，而此视图需要再次读取各行。`,
  allPathsRoot: (n) => `全部 ${n} 个路径都是“/”：这些是裸主机名（或首页），按路径散列时每个 URL 的键都相同，全部落在同一个槽里。请改为对整个 URL 或主机做散列。`,
  manyPathsRoot: (root, n) => `${n} 个路径中有 ${root} 个是“/”（裸主机名或首页）：无论用哪个函数，它们都落在同一个槽里。`,
  reportTable: (delimiter, column, fields) => `按表格读取（${delimiter}分隔，每行 ${fields} 个字段）：只对第 ${column} 列做散列。`,
  delimiterName: { ',': '逗号', '\t': '制表符', ';': '分号' },
  reportHeader: '第一行是表头（列名），已跳过。',
  reportNoColumn: (n, at) => `${int(n)} 行没有这一列，已跳过（${at}）。`,
  reportRankHost: (n, at) => `${int(n)} 行是“rank,host”（排名、主机）的形式（${at}）：整行读取时，排名成了每个“URL”的一部分。请在下面选择主机那一列。`,
  columnsPick: '从这一列读取 URL：',
  columnOption: (column, name, example) => `第 ${column} 列${name ? `“${name}”` : ''}${example ? `，例如 ${example}` : ''}`,
  columnWhole: '整行（不是表格）',
  lineList: (shown, total) => `第 ${shown.map((x) => int(x)).join('、')} 行${total > shown.length ? '等' : ''}`,
  noUrls: '输入中没有 URL 行：没有可计算散列的内容。',

  // Results
  resultsHeading: 'URL 如何落入各个槽',
  resultsCaption: (n, key, m) => `${n} 个${lead(trail(key))}如何落入 M = ${m} 个槽`,
  keyName: { url: '完整 URL', host: '主机名', path: '路径' },
  perSlotTitle: '每个槽中的 URL 数',
  perSlotNote: '每根柱代表一个槽。完美的函数让每个槽都装 N/M 个 URL（虚线）。',
  bucketsTitle: '装有 s 个 URL 的槽有多少',
  bucketsNote:
    'M 很大时，统计装有 0、1、2、… 个 URL 的槽数。随机函数符合泊松曲线（虚线）；聚集的函数则空槽太多，拥挤的槽也太多。',
  idealLine: (v) => `理想值 N/M = ${v}`,
  poisson: '泊松期望（随机函数）',
  axisSlot: '槽号（0 … M − 1）',
  axisUrlsInSlot: '槽中的 URL 数',
  axisBucketSize: 's，一个槽中的 URL 数',
  axisSlotsHolding: '装有 s 个 URL 的槽数（对数坐标）',
  tooltipSlot: (slot) => `槽 ${slot}`,
  tooltipBucket: (s) => `装有 ${s} 个 URL 的槽`,
  tableTitle: '各函数的测度',
  tableNote: '把鼠标悬停或聚焦在测度名称上，可查看其定义。',
  tableNoteTouch: '轻触或聚焦测度名称，可查看其定义。',
  measureHead: '测度',
  columns: [
    {
      key: 'a',
      label: 'A',
      short: '每次查找的存储访问次数；越小越好',
      title:
        'P1 的信息查询性能测度：在链式散列表中把每个 URL 各查找一次的平均存储访问次数，Σ Nᵢ(Nᵢ+1)/2 / N。越小越好。',
    },
    {
      key: 'a_opt',
      label: 'A 最优',
      short: 'P1 的最优值，各槽相等',
      title: 'P1 的最优值 (N/M + 1)/2，只有每个槽恰好装 N/M 个 URL 时才能达到。',
    },
    {
      key: 'a_random',
      label: 'A 随机',
      short: '随机函数的平均值',
      title: '均匀随机函数平均得到的 A，1 + (N − 1)/(2M)：公平的标尺。',
    },
    {
      key: 'b',
      label: 'B',
      short: '负载平衡；1 为完美',
      title: 'P1 的负载平衡性能测度：M × 最满槽的 URL 数 / N。1 为完美，M 为最差（全部落在一个槽中）。',
    },
    { key: 'max_load', label: '最大负载', short: '最满的槽中的 URL 数', title: '最满的槽中的 URL 数。' },
    {
      key: 'expected_max_load',
      label: 'E[最大负载]',
      short: '随机函数最满的槽',
      title: '随机函数平均会给出的最满槽（泊松近似）。',
    },
    {
      key: 'empty_slots',
      label: '空槽',
      short: '没有 URL 落入的槽',
      title: '没有任何 URL 落入的槽。其下方的小数字是随机函数留下的空槽数 M·e^(−N/M)。',
    },
    {
      key: 'chi2',
      label: 'χ²',
      short: '不均匀程度；随机时约为 M − 1',
      title: '各槽计数相对均匀值 N/M 的 χ² 统计量，自由度为 M − 1。随机函数的值接近 M − 1。',
    },
    {
      key: 'p_value',
      label: 'p 值',
      short: '低于 0.001：明显不均匀',
      title: '随机函数看起来至少这样不均匀的概率。极小的值（低于 0.001）说明该函数明显不均匀。',
    },
  ],
  expectedEmpty: (v) => `随机：${v}`,

  // P1 figures
  figuresHeading: 'P1 的图，在已载入的 URL 上重新计算',
  figuresNote: (step) => `每 ${step} 个 URL 取一个点。P1 用了 2000 万个 URL，每 500 000 个取一个点。`,
  fig1Title: '图 1 — A，信息查询性能，随 N 增长',
  fig1Note:
    '链式散列表中的 M 个槽。在 M = 200 000 处，空心点是 P1 唯一一张表中的数值（“P1 印刷值”）；N 轴取对数，使它们能与已载入的 URL 并列显示。',
  fig2Title: '图 2 — B，M 台机器上的负载平衡，随 N 增长',
  fig2Note: '1 为完美平衡。当 3 整除 M 时，hf 的曲线跳到约 3（见下文“为什么？”）。',
  fig3Title: '图 3 — hf 在 M = 11、12、14、16、18 时的 B',
  fig3Note: (sample, n, all) =>
    (all ? `取全部 ${n} 个已载入的 URL` : `从已载入的 ${n} 个 URL 中随机抽取 ${sample} 个，与 urlhash sweep --fig 3 的抽法相同`) +
    '（P1 从它的 2000 万个 URL 中随机抽取了 400 000 个）。M = 12 和 18 是 3 的倍数。',
  figM: 'M =',
  axisN: 'N，已计算散列的 URL 数',
  axisNLog: 'N，已计算散列的 URL 数（对数坐标）',
  axisA: 'A，每次查找的存储访问次数',
  axisB: 'B，负载平衡（1 = 完美）',
  printedAopt: 'P1 印刷值：A(opt)',
  printedHfip: 'P1 印刷值：HfIp',
  printedOffChart: (n, aOpt, hfip) =>
    `P1 还印出了 N = ${n} 时的 A(opt) ${aOpt} 和 HfIp ${hfip}，超出已载入的 URL 数，不在本图内。`,
  hfAtM: (m) => `hf，M = ${m}`,
  figProgress: (fig, pct) => `正在计算图 ${fig}：${pct}`,

  // Slot map
  slotmapHeading: '槽位图：每个槽一个像素',
  slotmapIntro:
    '每个像素是 M 个槽的表中的一个槽，颜色表示散列函数放进它的已载入 URL 个数；黑色是没有任何 URL 到达的槽。均匀随机的函数得到均匀的斑点。P1 的异常各有形状：HfIp 从不置位的比特使整块（希尔伯特曲线）或整列（按行）为空，hf 有界的和使值域上部全黑、下部拥挤，ELFhash 末字节的低四位在按行排列时每 16 个槽形成一道条纹。',
  slotmapMLabel: '槽数 M',
  slotmapMHint: (max) => `至多 ${max}；写法与槽数输入框相同：2097152、2^21、1e6。`,
  slotmapPresetsLabel: '槽数',
  slotmapLayoutLegend: '排列',
  slotmapHilbert: '希尔伯特曲线（一段连续的槽是一块）',
  slotmapLinear: '按行（槽号的低位是列）',
  slotmapLayouts: { hilbert: '希尔伯特曲线', linear: '按行' },
  slotmapDraw: '绘制',
  slotmapAtLeast: (n) => `${n} 及以上`,
  slotmapTooMany: (max, power) => `槽位图至多绘制 ${max} 个槽（${power}）。`,
  slotmapDrawing: (m) => `正在绘制 M = ${m} 的每个槽…`,
  slotmapDone: (count, secs) => `已绘制 ${count} 幅图，用时 ${secs} 秒。`,
  slotmapLater: '滚动到这里时绘制这些图。',
  slotmapSparse: (load, n, m, more, most) =>
    `平均负载 N/M = ${load}：${n} 个 URL 放进 M = ${m} 个槽，无论哪个函数大多数槽都是空的。请载入更多 URL（输入：${more} 或 ${most}）或选择更小的 M 来看出图案。`,
  slotmapAlt: (name, m, empty, max) => `${name} 在 M = ${m} 时的槽位图：${empty} 的槽为空，最大计数 ${max}。`,
  slotmapCaption: (n, m, layout, w, h, max) => `${n} 个键放进 M = ${m} 个槽，${layout}，${w} × ${h} 像素（每槽一个）；最大计数 ${max}。`,
  slotmapLegendHead: ['槽中的 URL 数', '槽数', '占比', '随机时（泊松）'],

  // Why cards
  whyHeading: '为什么？P1 无法解释的现象，在你的 URL 上测量',
  whyPending: '正在已载入的 URL 上测量这些异常…',
  whyProgress: (pct) => `正在已载入的 URL 上测量这些异常：${pct}`,
  evidence: '来自已载入 URL 的证据',
  why: {
    hf3: {
      title: 'hf 恰好在 3 整除 M 时表现差',
      claim: 'P1：hf 在 M = 8、10 和 40 时最好，但在 M = 12 时最差，“这种不稳定性的原因不清楚”。',
      cause:
        'hf 返回 |3 · Σ c·i| mod M；只要 URL 短到不会溢出，这个值总是 3 的倍数。当 3 整除 M 时，只有槽号为 3 的倍数的那 M/3 个槽可能被命中，因此 B ≈ 3。',
    },
    hfRange: {
      title: 'hf 的值对大表来说太小',
      claim: 'P1：M 较小时 hf 与 HfIp 相当，但随 M 增大而变差，最终不如 ELFhash。',
      cause:
        '对长 L 字节的 URL，Σ c·i 至多为 127 · L(L+1)/2，所以 hf 永远不超过 3 · 127 · L(L+1)/2。M 很大时，大多数槽根本够不到，而够得到的槽则过满。',
    },
    hfipBits: {
      title: 'HfIp 有四位始终为 0',
      claim: 'P1：“HfIp 散列函数具有绝对的优势，在所有情况下都是最好的”。',
      cause:
        'HfIp 把 URL 的各字节异或进一个 unsigned int 的四个字节。ASCII 字节的第 7 位为 0，因此第 7、15、23 和 31 位始终为 0。当 M 是不小于 256 的 2 的幂时，槽号含有这些位之一的槽（几乎）从不被使用。',
    },
    misprint: {
      title: 'P1 表中的一处印刷错误',
      claim: 'P1 印出 N = 1 000 000、M = 200 000 时 A(opt) = 2.75。',
      cause:
        '它自己的公式 (N/M + 1)/2 给出 3.00。而且在 N 不超过 300 万的每个点上，P1 印出的 HfIp 都低于随机函数的平均值，只有把 URL 分布得比随机还均匀的函数才能做到。',
    },
    elf: {
      title: 'ELFhash 的槽由 URL 的最后一个字符决定',
      claim: 'P1：“ELFhash 的表现较差，B 值在 1~5 之间大范围波动”。',
      cause:
        'ELFhash 计算 h = (h << 4) + c，而它的折叠从不触及第 0 … 3 位，所以它的低 4 位就是最后一个字节的低 4 位。M = 8 时，槽就是最后一个字符 mod 8，B 取决于 URL 如何结尾（/、.html 的 l、数字）。',
    },
  },
  ev: {
    hf3Share: (pct, n) => `${n} 个 URL 中有 ${pct} 的 hf 值是 3 的倍数。`,
    hf3Slots: (hit) => `M = 12 时，hf 命中 12 个槽中的 ${hit} 个。`,
    bTableHead: ['M', 'hf 的 B', 'HfIp 的 B'],
    hfAgainstHfip: (rows, lower, of) =>
      `P1 说 hf 在 M = 8、10、40 时比 HfIp 要好。在这些 URL 上：${rows.map(([m, hf, hfip]) => `M = ${m}，hf ${hf}，HfIp ${hfip}`).join('；')}。${lower === 0 ? `${of} 个 M 中 hf 一个也不更好：每个 M 上 HfIp 的 B 都不高于 hf（误差 0.0005 以内）。` : `${of} 个 M 中 hf 在 ${lower} 个上更低。`}`,
    hfRangeMax: (max, bound, longest) =>
      `hf 的最大值：${max}。任何 URL 都不会超过 ${bound}（最长的 URL 有 ${longest} 字节）。`,
    hfRangeSlots: (m, reachable, hit, random) =>
      `M = ${m} 时，hf 能到达 ${reachable} 个槽，实际命中 ${hit} 个；随机函数会命中 ${random} 个。`,
    hfRangeA: (m, a, hfipA) => `M = ${m} 时的 A：hf ${a}，HfIp ${hfipA}。`,
    hfipAscii: (ascii, n) => `${n} 个 URL 中有 ${ascii} 个是纯 ASCII。`,
    hfipNeverSet: (bits) => (bits ? `在所有 HfIp 值中从未置 1 的位：${bits}。` : '每一位都至少被某个 URL 置 1。'),
    hfipHighBit: (bit, count) => `第 ${bit} 位：${count} 个 URL 置 1`,
    hfipByM: (m, shareSlots, shareUrls, hit, random) =>
      `M = ${m}：槽号含这类位的槽占全部槽的 ${shareSlots}，分到了 ${shareUrls} 的 URL（均匀函数：${shareSlots}）。HfIp 命中 ${hit} 个槽；随机函数 ${random} 个。`,
    misprintLine: (printed, formula) => `印刷值 ${printed}；(N/M + 1)/2 = ${formula}。`,
    misprintHead: ['N', 'A(opt) 印刷值', 'A(opt) 公式值', 'A(opt)，整数负载', 'A 随机', 'A(max)，最坏', 'HfIp 印刷值', 'HfIp 实测值'],
    wholeLoadsNote:
      '(N/M + 1)/2 假定每个槽恰好装 N/M 个 URL；一个槽只能装整数个，所以 N/M 不是整数时（N = 500 000 时为 2.5）A 的最小可能值更高：是 1.80，不是印出的 1.75。A 的另一个极值 A(max) = (N + 1)/2，即所有 URL 都在一个槽里；P1 像给出 B 的极值那样给出了 A 的极值（“同样”），但扫描件连同 A 的公式一起丢失了。',
    captionsLine: (n) =>
      `图 2 的图题印作 M = 80 000、100 000、120 000、400 000，而正文说的是 8、10、12、40 台机器。在 P1 的 ${n} 个 URL 上随机函数的 B：`,
    captionsHead: ['图题的 M', '正文的 M', '按图题 M 的 B', '按正文 M 的 B'],
    captionsNote: '图 2 画出的 HfIp 低于 1.1：只有正文的 M 与之相符。印错的是图题（沿用了图 1 的“万”）。',
    notMeasured: '—',
    notMeasuredNote: '—：实测的 URL 少于此 N。',
    elfNibble: (pct) => `${pct} 的 URL：ELFhash 的低 4 位等于最后一个字节的低 4 位。`,
    elfEndings: '最常见的结尾字符：',
    elfEnding: (ch, pct) => `${ch} ${pct}`,
    elfB8: (measured, predicted) => `M = 8 时 B 的实测值：${measured}；仅由 URL 的结尾预测：${predicted}。`,
    elfBTableHead: ['M', 'ELFhash 的 B'],
  },

  // P2's crawler partition
  partHeading: 'P2 的爬虫任务划分，在已载入的 URL 上模拟',
  partIntro:
    'P2（李村合、何淑庆、张培颖）按每个 URL 路径的散列值，把抓取任务分给 n 个搜集节点（原文称“搜集节点”，其表 1 中为 7 个），由一个控制节点查找重复：站点表有 2^21 个槽，以站点散列值为索引；每个站点各有一张 2^15 个槽的路径表，以路径散列值为索引。其表 1 印出了近乎完美的平衡。这里把每个已载入的行依次当作一个新发现的链接：控制节点丢弃已见过的链接，每种策略把新的 URL 分配给各搜集节点——按 P2 代码的各种读法计算的路径散列、主机名、域名或整个 URL 的散列，或实际爬虫的预设。所有策略同时模拟，因此切换策略会立即显示其结果。',
  partNodesLabel: '搜集节点数（n）',
  partNodesHint: '1 到 64 之间的整数；P2 用了 7 个。',
  partNodesEmpty: '请输入搜集节点数，例如 7。',
  partNodesNotNumber: '这不是数字：请输入整数个搜集节点，例如 7。',
  partNodesZero: '至少需要 1 个搜集节点才能抓取。',
  partNodesNegative: '搜集节点数不能为负。',
  partNodesFraction: (text) => `搜集节点数必须是整数：${text} 不是整数。`,
  partNodesTooMany: (max) => `本页最多 ${max} 个搜集节点（命令行最多可用 65 536 个）。`,
  partPolicyLabel: '划分策略',
  partPolicyHint: '切换策略会根据上一次模拟重新绘制，不重新计算。',
  partPolicyGroups: [
    { label: 'P2：按路径散列分配', ids: ['p2-printed', 'p2-xor', 'p2-repaired'] },
    { label: '按主机名、域名或 URL 的散列分配', ids: ['host:xxh3', 'domain:xxh3', 'url:xxh3', 'url:md5'] },
    { label: '实际爬虫的默认划分器', ids: ['nutch', 'heritrix', 'frontera'] },
  ],
  partPolicyNames: {
    'p2-printed': 'P2 路径散列，按原文',
    'p2-xor': 'P2 路径散列，按其注释用 XOR',
    'p2-repaired': 'P2 路径散列，实验室的修复版（我们的，不是 P2 的）',
    'host:xxh3': '主机名散列（XXH3）',
    'domain:xxh3': '可注册域名散列（XXH3）',
    'url:xxh3': '整个 URL 的散列（XXH3）',
    'url:md5': '整个 URL 的 MD5（P2 §2.1 所否定）',
    nutch: 'Apache Nutch URLPartitioner（按主机名）',
    heritrix: 'Heritrix 3 HashCrawlMapper',
    frontera: 'Frontera Crc32NamePartitioner',
  },
  partWaiting: 'P1 的图算完后开始模拟…',
  partQueued: '排在 P1 的图之后…',
  partProgress: (nodes, urls, pct) => `正在 ${urls} 个 URL 上模拟 ${nodes} 个搜集节点，所有策略同时进行：${pct}`,
  partDone: (nodes, ms) => `已模拟 ${nodes} 个搜集节点和所有策略，用时 ${ms} ms。`,
  partSummary: (links, urls, dups, sites) =>
    `读取了 ${links} 个链接：${sites} 个站点上的 ${urls} 个不同 URL；控制节点把其中 ${dups} 个作为重复丢弃。`,
  partUnsplittable: (n, first) =>
    `${int(n)} 行没有主机名，因此没有站点表条目，也没有搜集节点（第一个：${first}）。下面的所有计数都不含这些行。`,
  partAllSplit: '每一行都有主机名，因此每个链接都到达了控制节点。',
  partPaths: (distinct) =>
    `${distinct} 个不同路径。按路径分配会把路径相同的 URL 都发往同一节点；最常见的路径：`,
  partPathsNone: (distinct) => `${distinct} 个不同路径；没有哪个路径出现在一个以上的 URL 中。`,
  partPathShare: (urls, share) => `${urls} 个 URL，${share}`,

  // Nodes chart and per-node table
  partNodesTitle: '每个搜集节点的 URL 数',
  partNodesSoFar: (lines, total, n) => `目前：${total} 行中的前 ${lines} 行，模拟仍在读入。每根柱代表一个搜集节点的不同 URL 数；均匀划分时每个节点得到 N/${n}（虚线）。`,
  partNodesNote: (n) => `每根柱代表一个搜集节点的不同 URL 数。均匀划分时每个节点得到 N/${n}（虚线）。`,
  partNodesChartLabel: (policy, n) => `${policy} 下每个搜集节点的 URL 数，共 ${n} 个节点`,
  axisCrawlNode: '搜集节点',
  axisNodeUrls: 'URL 数（不同 URL，每个节点）',
  idealNodeLine: (v) => `均匀划分 N/n = ${v}`,
  tooltipNode: (k) => `搜集节点 ${k}`,
  partStatB: 'B，负载平衡',
  partStatBHint: '最大节点 × n / N；1 为完美',
  partStatBRandom: '随机分配的平均 B',
  partStatP: 'χ² 检验 p 值',
  partStatPHint: '低于 0.001：明显不均',
  partStatZero: '路径散列值为 0 的 URL',
  partStatZeroHint: '它们全部发往节点 1',
  partStatPrinted: 'P2 印刷值（7 个节点）',
  partNodeTableTitle: '各搜集节点',
  partNodeHead: ['节点', 'URL', '链接', '主机名', '最大站点', '其占比'],
  partNodeLinksHint: '链接：控制节点分配给该节点的链接，含重复。',
  noSite: '—',
  partTopTitle: '最大的站点，以及此策略把它们分到哪里',
  partTopHead: ['站点', 'URL', '跨越的节点数', '主节点', '主节点上的 URL'],

  // Table 1
  partTable1Title: 'P2 的表 1 与各策略对照',
  partTable1Note: (nodes, urls, bRandom, n, loaded, loadedBRandom, hint) =>
    `第一行是 P2 印出的表 1（${nodes} 个搜集节点，${urls} 个 URL）；其余各行是已载入的 ${loaded} 个 URL 在 ${n} 个节点上的结果。B 是最大节点与平均值之比（均匀随机分配的平均值：P2 的规模下为 ${bRandom}，已载入的 URL 为 ${loadedBRandom}）；χ² p 检验各节点负载与均匀划分的差异。${hint}`,
  rowNameHint: '把鼠标悬停或聚焦在某一行的名称上，可查看其全名。',
  rowNameHintTouch: '轻触或聚焦某一行的名称，可查看其全名。',
  partPolicyShort: {
    'p2-printed': 'P2，原文',
    'p2-xor': 'P2，XOR（注释）',
    'p2-repaired': 'P2，实验室修复',
    'host:xxh3': '主机名 · XXH3',
    'domain:xxh3': '域名 · XXH3',
    'url:xxh3': '整个 URL · XXH3',
    'url:md5': '整个 URL · MD5',
    nutch: 'Nutch',
    heritrix: 'Heritrix 3',
    frontera: 'Frontera',
  },
  partTable1OtherN: (printedNodes, n) =>
    `P2 印出的表对应 ${printedNodes} 个搜集节点；模拟的各行对应 ${n} 个。把搜集节点设为 ${printedNodes} 个，才能同等比较。`,
  partTable1Policy: '策略',
  partTable1Node: (k) => `节点 ${k}`,
  partTable1B: 'B',
  partTable1P: 'χ² p',
  partPrintedRow: 'P2 表 1（印刷值）',
  partMatches: (system, control, nodes) =>
    `P2 还印出了匹配统计：共 ${system} 次，即控制节点上 ${control} 次加搜集节点上 ${nodes} 次，但从未说明什么算一次匹配。本实验室数的是探查次数：每个链接探查一次站点表，表中已有其站点的链接再探查一次路径表。按 §3.3 的说法（本实验室的读法），发现链接的节点若链接属于本节点，就在自己的表中匹配，已有则舍弃；其余链接交给控制节点，由它逐个匹配。一个链接算作由它之前最后一个新 URL 所在的节点发现（即正在解析的那个网页）。`,
  partMatchTitle: '表 1 的匹配统计与各策略对照',
  partMatchSystem: '系统',
  partMatchControl: '控制节点',
  partMatchNodes: 'Σ 节点',
  partMatchIdentity: (printed, policy, replayed, own, links, share, dropped, reached) =>
    `每一行都满足“系统 = 控制节点 + Σ 节点”：P2 为 ${printed}；此处 ${policy} 为 ${replayed}。其节点在发现的 ${links} 个链接中，留下 ${own} 个自己处理（${share}），并舍弃 ${dropped} 个重复链接；到达控制节点的链接有 ${reached} 个。`,
  partMatchSum: (system, control, nodes) => `${system} = ${control} + ${nodes}`,
  partMatchRatio: (probes, perUrl, printedPerUrl, links, printedLinks, perDistinct, ratio, dRatio, dLinks, n) =>
    `若每个链接都送到控制节点（即上面的模拟），它对这 ${links} 个链接共探查 ${probes} 次（每个 URL ${perUrl} 次；P2 为 ${printedPerUrl} 次）。按每个链接探查两次计，P2 的数字相当于约 ${printedLinks} 个链接，每个不同的 URL ${perDistinct} 个：它的爬行把每个 URL 发现了好几次。P2 的控制节点 : 搜集节点 = ${ratio}。一个节点发现的链接约有 n 分之一属于它自己，所以照 §3.3 的写法，这个比值约为 n − d，d 为重复链接所占的比例：由 P2 的比值得 d ≈ ${dRatio}，而由每个 URL ${perDistinct} 个链接得 d ≈ ${dLinks}。印出的这一行更符合另一种情形：控制节点连节点已舍弃的链接也匹配了一遍（比值为 n = ${n}）。`,
  partPolicyAbout: {
    'p2-printed': 'P2：对路径取按原文代码的路径散列，再模 n（P2 的读法）',
    'p2-xor': 'P2：对路径取按注释异或的路径散列，再模 n（P2 的读法）',
    'p2-repaired': 'P2：对路径取本实验室修正的路径散列，再模 n（本实验室的修正）',
    'host:xxh3': '按主机：对主机名取 XXH3-64，再模 n',
    'domain:xxh3': '按可注册域名（公共后缀列表）：对域名取 XXH3-64，再模 n',
    'url:xxh3': '按整个 URL：对整行取 XXH3-64，再模 n',
    'url:md5': '按整个 URL：对整行取 MD5，把 128 位摘要按大端序读作一个数，再模 n：即 P2 §2.1 所说不比一般散列函数好且耗资源的做法',
    nutch: 'Apache Nutch 的 URLPartitioner（byHost）：((host.hashCode() ^ 0) & 0x7FFFFFFF) % n',
    heritrix: 'Heritrix 3 的 HashCrawlMapper：|FPGenerator.std64.fp(key) % n|，key 为化简到可注册域名的 SURT 授权部分',
    frontera: 'Frontera 的 Crc32NamePartitioner：带符号的 crc32(hostname) 模 n（Python 的 %）',
  },
  partWhy: {
    'no-urls': () => '没有 URL 到达任何节点。',
    even: (b, p, printedB, printedP) =>
      `B = ${b}，χ² p ${p}：与随机分配一样均匀，和原文印出的一样（B = ${printedB}，p = ${printedP}）。`,
    'zero-hash': (share, bound, b, p, printedB) =>
      `${share} 的路径散列为 0，全部进入节点 1，所以节点 1 至少承担这一份额：B ≥ ${bound}（实测 ${b}，χ² p ${p}）；原文印出的 B 为 ${printedB}。`,
    'one-node': (node, nodes) =>
      `所有 URL 都进入节点 ${node}：所有路径的散列都相同（只有主机名的列表只有路径“/”），所以 B = ${nodes}；按路径分配需要路径。`,
    uneven: (b, p, printedB) => `B = ${b}，χ² p ${p}：各节点的负载比随机分配所允许的更不均匀；原文印出的 B 为 ${printedB}。`,
    commonPath: (path, share) => `仅路径“${path}”就占 URL 的 ${share}，而同一路径的 URL 不论属于哪个站点都进入同一节点。`,
  },
  partVerdictsTitle: 'P2 路径散列的每种读法，能否得出印出的那种平衡？',
  partVerdictCould: '能',
  partVerdictCouldNot: '不能',
  partVerdictLine: (name, could) => `${name}：在已载入的 URL 上${could}得出印出的平衡。`,

  // Control node
  partControlTitle: '控制节点的表',
  partSiteTitle: '站点表（2^21 个槽）：装有 k 个站点的槽有多少',
  partSiteNote:
    'P2 站点散列的每种读法各一组点，包括不装站点的槽（k = 0）。随机散列符合泊松曲线（虚线）；远在右侧的点是被许多站点共享的槽。',
  axisSitesInSlot: 'k，一个槽中的站点数',
  axisSlotsHoldingK: '装有 k 个站点的槽数（对数坐标）',
  tooltipSitesInSlot: (k) => `装有 ${k} 个站点的槽`,
  partSiteTableHead: ['站点散列读法', '站点', '已用槽', 'α', '冲突', '随机散列', '共享槽的站点', '最长链'],
  partCnnic: (sites, alpha, domains, alphaDomains, limit, pages, perSite) =>
    `P2 自己引用的数字（CNNIC 2004）：${sites} 个网站放进 2^21 个槽的网站表，装填因子 α = ${alpha}，远低于它的 ${limit}；若按 ${domains} 个域名计则为 ${alphaDomains}，超过 ${limit}。${pages} 个网页分到这些网站，每个网站 ${perSite} 个，而 P2 写的是“1000 以上”。`,
  partSiteTableHint: '冲突：站点数减去已用槽数；“随机散列”是均匀随机散列的平均值。',
  partPathCollTitle: '路径表（每个站点 2^15 个槽）：落在已占用槽上的 URL',
  partPathCollNote:
    '该 URL 的槽已装有同一站点的另一条路径：只保存槽的表会把它当作重复丢弃，即误判为重复。',
  axisPathReading: 'P2 路径散列的读法',
  axisCollidingUrls: '落在已占用槽上的 URL',
  partMeasured: '在已载入的 URL 上实测',
  partExpectedRandom: '随机散列的期望值',
  partPathLoadTitle: '最大站点的路径表：装填因子 α',
  partPathLoadNote: (rule) =>
    `α = 站点的 URL 数 / 2^15（各种读法都相同）。P2 的规则：保持 α 低于 0.75，即每个站点至多 ${rule} 个 URL。`,
  axisSiteBiggest: '站点（从大到小）',
  axisAlpha: '装填因子 α（对数坐标）',
  alphaSeries: '站点路径表的 α',
  ruleLine: 'P2 的规则：α = 0.75',
  tooltipSiteUrls: (urls) => `${urls} 个 URL`,
  tooltipOccupied: (name, used) => `${name}：已用 ${used} 个槽`,
  partPathTableHead: ['路径散列读法', '站点（表）', 'URL', '已用槽', '冲突', '随机散列', '超出规则的站点'],
  partBinsTitle: '按装填因子分段的站点数',
  partBinsHead: ['站点路径表的 α', '站点'],
  partRehashTitle: '再散列的路径表：超过 0.75 · 2^15 条路径的站点',
  partRehashNote: (rule) =>
    `P2 对超过 0.75 · 2^15 = ${rule} 条路径的站点“再次进行动态散列”。本实验室的读法：表每次将超过其槽数的 0.75 时就加倍，其路径重新插入。“冲突路径”是与其他路径同处一槽的路径数；“误删”是不带链、每槽只存一条路径的表会误当作重复而舍弃的路径数。`,
  partRehashReading: (name, sites, paths, before, after) =>
    `${name}：${sites} 个站点，${paths} 条路径；不带链的表再散列前会误删其中 ${before} 条，再散列后 ${after} 条。`,
  partRehashNone: (rule) => `没有站点超过 ${rule} 条路径：没有表需要再散列。`,
  partRehashFreedNone: (host, bits) =>
    `加倍没有给 ${host} 空出一个槽：它的路径散列值全都小于 2^${bits}（${bits} 位），新增的一半槽始终为空；再散列需要比表更宽的散列。`,
  partRehashSkipped: (max, lines) =>
    `本页至多在 ${max} 行上做再散列（它要为每个 URL 保存每种读法的路径散列值，每个 URL 12 字节）；这里有 ${lines} 行。urlhash paper p2 对任何输入都做再散列。`,
  partRehashHead: ['路径散列读法', '站点', '路径', '加倍次数', '重新插入', '表', '槽数', 'α', '已用槽', '冲突路径', '误删'],
  partRehashStage: { before: '再散列前', after: '再散列后' },

  // Collision groups
  partGroupsTitle: '共享一个站点表槽的主机名',
  partGroupsReading: '站点散列读法',
  partGroupsCount: (total, shown) =>
    `${int(total)} 个槽装有两个或更多站点；${shown === total ? '全部列出' : `列出最大的 ${shown} 个`}。`,
  partGroupsNone: (name) => `在 ${name} 下，没有两个站点共享同一个槽。`,
  partGroupsHead: ['槽', '主机名', 'URL', '共同结尾', '部分主机名'],
  partNoSuffix: '（无）',

  // Shared by the de-duplication views (P4, P5)
  dedupWaiting: '等待 P1 的图和 P2 对此输入的划分完成后，自动运行。',
  fieldEmpty: (what) => `请输入${lead(what)}。`,
  fieldNotNumber: (what) => `这不是数字：请输入${lead(what)}。`,
  fieldWhole: (what, text) => `不是整数：${trail(what)}必须是整数，不能是 ${text}。`,
  fieldRange: (what, min, max) => `超出范围：${trail(what)}必须在 ${min} 到 ${max} 之间。`,
  yes: '是',
  no: '否',
  bytesPerUrlUnit: '字节/URL',
  axisBytesPerUrl: '每个 URL 的字节数',
  axisBytesPerUrlLog: '每个 URL 的字节数（对数坐标）',
  axisDistinctUrls: '已存储的不同 URL 数',
  axisUrls: 'URL 数',
  // 重复计时（www/timing.js）：结论所依据的每个时间和倍数，都是多次运行的中位数，并附上范围（最小–最大）
  timingCell: (runs, total) =>
    runs < total
      ? `初步结果：已完成 ${runs}/${total} 次运行。显示各次运行的中位数，下方是范围（最小–最大）。`
      : `${runs} 次运行的中位数，下方是范围（最小–最大）。`,
  timingPending: (runs, total) => `${runs}/${total} 次运行…`,
  timingReason: {
    overlap: '两者耗时的范围有重叠',
    'ratio-spans-1': '倍数的范围包含 1',
  },
  timingRule: (runs) =>
    `每项比较都与其他各项轮流计时 ${runs} 次：表中每个时间和倍数都是这些运行的中位数，下方是范围（最小–最大）。两者耗时的范围有重叠，或倍数的范围包含 1 时，记为“无明显差别”；否则指出哪个更快。`,

  // P4's trie
  trieHeading: 'P4 的广义表字典树（trie，吴小惠 2009）及其代价',
  trieIntro:
    '吴小惠（2009）把每个已抓取的 URL 存进一个“改进广义表”：每个字符一个节点，树的每一层是一个链表。下面先画出几个 URL 构成的广义表并逐步构建；然后展示它的前缀缺陷；最后在已载入的 URL 上比较所有结构。',
  trieSmallTitle: 'P4 如何存储 URL：每个字符一个节点',
  trieUrlsLabel: '要插入的 URL，每行一个',
  trieUrlsHint: 'P4 的图 1 用的是 sina.com 和 sohu.com。几个短 URL 画出来效果最好（最多 24 个）。',
  trieLookupLabel: '然后查找（可选）',
  trieLookupPlaceholder: '例如 sina.co',
  trieVariantLegend: '哪种广义表',
  trieVariantPrinted: 'P4 原文（无结束标记）',
  trieVariantFixed: '带 URL 结束标记（实验室的修复）',
  trieBuild: '构建广义表',
  trieExample: 'P4 的示例',
  trieAnimLabel: '步骤',
  trieFirst: '◀◀ 开始',
  trieBack: '◀ 后退',
  trieNext: '下一步 ▶',
  trieLast: '结束 ▶▶',
  triePlay: '▶ 播放',
  triePause: '❚❚ 暂停',
  trieSpeedLabel: '速度',
  trieSpeedSlow: '慢',
  trieSpeedNormal: '正常',
  trieSpeedFast: '快',
  trieOpInsert: '插入',
  trieOpLookup: '查找',
  trieLevelWord: '层',
  trieRootGlyph: '根',
  trieRootTitle: (id, depth) => `第 ${depth} 层的层根节点（节点 ${id}，P4 的 GLNode()，isRoot = true）`,
  trieCharTitle: (ch, depth, id) => `第 ${depth} 层上的“${ch}”（节点 ${id}）`,
  trieDiagramLabel: (nodes, chars, roots) => `P4 的广义表：${nodes} 个节点，其中 ${chars} 个字符节点、${roots} 个层根节点`,
  trieLegendRoot: '层根节点（isRoot）',
  trieLegendChar: '字符节点',
  trieLegendHead: 'head：下到下一层',
  trieLegendTail: 'tail：本层的下一个字符',
  trieLegendEnd: 'URL 结束标记（修复）',
  trieLegendPath: '此 URL 经过的节点',
  trieLegendWalk: '在本层经过',
  trieLegendNew: '本步',
  trieCounts: (nodes, chars, roots, total, urls) =>
    `${urls} 个 URL 共 ${nodes} 个节点：${chars} 个字符节点和 ${roots} 个层根节点（含树本身的根）；P4 的 totalpoint 计为 ${total}。`,
  trieStepStart: (total) => `空表：只有树的根。共 ${total} 步：按“播放”或“下一步”。`,
  trieStepText: (step, total, what) => `第 ${step} / ${total} 步：${what}`,
  trieStepDescend: (prev, level) => `“${prev}”下面已有一层：下行（goHead）到第 ${level} 层的根。`,
  trieStepCreateRoot: (prev, level) => `“${prev}”下面还没有一层：创建第 ${level} 层的根，并让它的 head 指向这个根。`,
  trieStepWalk: (have, want, level) => `“${have}” ≠ “${want}”：沿 tail 走到第 ${level} 层的下一个字符。`,
  trieStepMatch: (ch, level) => `“${ch}”在第 ${level} 层：继续前进。`,
  trieStepCreate: (ch, level) => `“${ch}”不在第 ${level} 层：创建它的节点，并追加到这一层。`,
  trieStepMark: (ch) => `在最后一个字符“${ch}”上设置 URL 结束标记（实验室的修复）。`,
  trieStepNew: (url) => `结论：${url} 是新的，爬虫会抓取它。`,
  trieStepSeenInsert: (url, fixed) =>
    fixed
      ? `结论：${url} 以前已存储（它的最后一个字符带有结束标记）：重复。`
      : `结论：${url} 的每个字符都找到了，没有新建节点：P4 判定它重复，爬虫跳过它。`,
  trieStepSeenLookup: (url, fixed) =>
    fixed ? `结论：已见过——每个字符都找到了，且最后一个带有结束标记。` : `结论：已见过——${url} 的每个字符都找到了。`,
  trieStepMissing: (ch, level) => `结论：不存在——“${ch}”不在第 ${level} 层。`,
  trieStepUnmarked: (url) => `结论：不存在——${url} 的每个字符都在，但最后一个字符没有结束标记。`,
  trieVerdictWord: { new: '新', seen: '已见过', missing: '不存在', unmarked: '不存在' },

  flawTitle: '前缀缺陷：没有任何东西标记 URL 在哪里结束',
  flawIntro:
    'P4 的查找只要找到每个字符就判定“已抓取”，所以若一个 URL 是某个已存储 URL 的真前缀，它就会被被判为已见过，插入它也不会新建节点：按 P4 实现的爬虫永远不会抓取它。实验室的修复给每个 URL 的最后一个字符加上标记。',
  flawStoredLabel: '已存储的 URL',
  flawLookupLabel: '要查找的 URL',
  flawGo: '比较',
  flawPrintedTitle: 'P4 原文',
  flawFixedTitle: '带 URL 结束标记（实验室的修复）',
  flawLookupSays: (url, verdict, fixed) =>
    verdict === 'seen'
      ? fixed
        ? `${url} 已存储。`
        : `P4 找到了 ${url} 的每个字符，判定它已抓取。`
      : verdict === 'unmarked'
        ? `${url} 的每个字符都在，但“${url[url.length - 1]}”没有结束标记。`
        : `${url} 不在表中。`,
  flawInsertSays: (url, verdict, fixed) =>
    verdict === 'new'
      ? `接着插入 ${url}：新的，已存储${fixed ? '（它的最后一个字符得到标记）' : ''}，并会被抓取。`
      : `接着插入 ${url}：“已见过”，因此它永远不会被存储，也永远不会被抓取${fixed ? '' : '（误判为重复）'}。`,

  trieRunTitle: '在已载入的 URL 上：所有结构并列比较',
  trieRunProgress: (lines, pct) => `正在用 ${lines} 行构建六种结构… ${pct}`,
  trieTiming: '正在此浏览器中为每种结构的插入和查找计时…',
  trieRunDone: (s, runs, total) =>
    runs < total
      ? `构建并计时一次，用时 ${s} s；为取 ${total} 次运行的中位数再次计时：第 ${runs + 1} 次，共 ${total} 次…`
      : `构建完成并计时 ${runs} 次，用时 ${s} s。`,
  trieRunAll: (lines, distinct) => `全部 ${lines} 个已载入的行（${distinct} 个不同 URL），与 urlhash trie 的读取方式相同。`,
  trieRunCapped: (lines, loaded, distinct) =>
    `已载入的 ${loaded} 行中的前 ${lines} 行（${distinct} 个不同 URL）：页面在这里截断字典树，因为 P4 的广义表每个 URL 约需 40 个节点，而本研究要保留两个广义表（100 000 个 URL 时约 100 MB）。urlhash trie --n ${lines} 读取的是同样的行。`,
  trieProjected: (loaded, list, budget) =>
    `按这里实测的每 URL 字节数，全部 ${loaded} 个已载入的行需要：${list}。页面让一个结构最多占用 ${budget}（浏览器标签页的 WebAssembly 总共只能寻址 4 GiB），因此只测量前面的行；urlhash trie --limit 可在本机上处理更多行。`,
  trieProjectedOne: (name, bytes, perUrl, fits) => `${name} ${bytes}（${perUrl} B/URL${fits ? '' : '，超出上限'}）`,
  trieGrowthTitle: '随 URL 增加的每 URL 字节数',
  trieGrowthNote:
    '每种结构在内存中实际布局的字节数（广义表：其节点数组的容量，增长时翻倍，因此呈锯齿状），除以目前为止的不同 URL 数。修复后的广义表与原文版本开销完全相同（标记放在节点的填充字节里），所以两条线重合。FST 是静态结构，每次测量都要整体重建，因此只在第一个点、P4 的 10 000 和 16 000 处、不同 URL 数增至上次的 8 倍时以及结尾处测量：它的线上点较少。',
  trieJavaSeries: 'P4 的广义表在 P4 的 JVM 上（估计：每节点 24 字节）',
  trieP4Line: (b) => `P4：10 000 个 URL 占 2 MB = 每个 URL ${b} 字节`,
  trieP4Point: (mb, n) => `P4 的数据：${n} 个 URL 占 ${mb} MB`,
  trieP4Tooltip: 'P4 的数据（印刷值）',
  trieGrowthLabel: (n) => `各结构在不超过 ${n} 个不同 URL 时的每 URL 字节数，以及 P4 的 10 000 个 URL 占 2 MB`,
  trieGrowthTooltipTitle: (n) => `${n} 个不同 URL`,
  withSource: (text, source) => `${text}（${source}）`,
  structureShort: {
    'gl-trie': 'P4 的广义表（原文）',
    'gl-trie-fixed': 'P4 的广义表 + 结束标记',
    'hash-set': 'URL 的散列集合',
    'md5-set': 'MD5 的散列集合',
    patricia: 'Patricia 字典树',
    fst: 'FST（静态）',
  },
  trieTableTitle: '最终的各结构',
  trieTableHead: ['结构', '已存储', '节点', 'B / URL', 'P4 的 JVM B / URL', '插入 µs / URL', '查找 µs / URL', '查找 µs，16 000'],
  trieTableNote: (distinct, p4n, runs) =>
    `B / URL：按 64 位机器上的布局计算（广义表：每节点 12 字节；散列集合和 Patricia 字典树：8 字节指针），与 urlhash trie 输出的数字相同，并由其内存分配器核实；FST 除外：fst 库的构建器用一个节点缓存来共享节点，缓存按截断到机器字长的散列值定位，因此在这个 32 位 WebAssembly 中共享得少一些，同样的 URL 得到的 FST 比 urlhash trie 的大约 2 %（两者都不一定是最小的）。P4 的 JVM：按每节点 24 字节估计。时间是本浏览器的，由与 urlhash trie 相同的计时代码读取 performance.now() 测得（先用 ${distinct} 个不同 URL 构建，再逐个查找；各自重复，直到满 25 ms 或已处理 200 万个 URL），每个时间都是 ${runs} 次这样运行的中位数，下方是范围（最小–最大）；最后一列用前 ${p4n} 个 URL 构建，即 P4 表 1 的规模。若有些 URL 是其他 URL 的前缀，P4 原文的广义表存储的 URL 会更少。— 表示不适用，或 URL 不足 ${p4n} 个。`,
  trieP4Title: 'P4 的表 1，印刷值',
  trieP4Method: '去重方法',
  trieP4Time: '每次去重耗时',
  trieP4Note: (n, machine, reps) =>
    `${n} 个 URL，机器：${machine}；广义表的 0.8 ms 是 ${reps} 次运行的平均值。P4 没有说明一次“去重”包括什么。`,
  trieP4Ours: (us, min, max, n, runs, total) =>
    runs < total
      ? `我们的结果：P4 原文的广义表存有 ${n} 个 URL 时，在本浏览器中每次查找 ${us} µs（初步结果，已完成 ${runs}/${total} 次运行…）。`
      : `我们的结果：P4 原文的广义表存有 ${n} 个 URL 时，在本浏览器中每次查找 ${us} µs（${runs} 次运行的中位数，范围 ${min}–${max} µs）。`,
  trieVerdict: (n, kind, why, ratio, min, max, runs, total) =>
    kind === 'a-faster'
      ? `存有 ${n} 个 URL 时的查找：URL 的散列集合比 P4 的广义表快，广义表的用时是它的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍）。`
      : kind === 'b-faster'
        ? `存有 ${n} 个 URL 时的查找：P4 的广义表比 URL 的散列集合快，用时是它的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍）。`
        : kind === 'same'
          ? `存有 ${n} 个 URL 时的查找：P4 的广义表与 URL 的散列集合无明显差别。广义表的用时是散列集合的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍），而且${why}。`
          : `存有 ${n} 个 URL 时的查找，P4 的广义表对 URL 的散列集合：初步结果，已完成 ${runs}/${total} 次运行…；目前广义表的用时是散列集合的 ${ratio} 倍。`,
  trieP4OursSmall: (n, have) => `至少载入 ${n} 个 URL 才能按 P4 表 1 的设置计时（此输入有 ${have} 个不同 URL）。`,
  table1Title: '在本浏览器中重测 P4 的表 1',
  table1Intro:
    '让 P4 计时的几种存储各自存入同一批 URL，再用与 urlhash paper p4 相同的循环（核心库的 time_dedup）逐个查找：一半是已存的 URL，一半不是，反复查到满 60 ms 为止。两种链表在实验室自己的 WebAssembly 里运行；数据库用 SQLite 官方的 WebAssembly 版本，表结构和查询语句都与命令行相同：一种按 P4 的说法全表扫描（“遍历数据库的每条记录”），另一种是同一张表加上索引。耗时因机器而异，真正能与 P4 的表对照的是各行相对广义表的倍数。',
  table1Run: '开始计时',
  table1Rerun: '重新计时',
  table1Progress: (row, i, total, run, runs) => `第 ${run} 次运行（共 ${runs} 次）：正在计时 ${row}（第 ${i} 项，共 ${total} 项）…`,
  table1Loading: '正在载入 SQLite 的 WebAssembly…',
  table1Done: (s, runs) => `计时 ${runs} 次完成，用时 ${s} s。`,
  table1Caption: (n) => `P4 的表 1 与本浏览器的实测对照：每种存储各存 ${n} 个 URL`,
  table1Head: ['存储方式', 'P4，ms', 'P4，相对广义表', '本机，每次查找 ms', '本机，相对广义表', '本机，与广义表相比', '命中 / 查找', '轮数', '存放位置'],
  table1Method: {
    'database-scan': '数据库，全表扫描（P4 的做法）',
    'database-index': '数据库，带索引',
    'linked-list': '内存链表',
    'generalized-list': '广义表（P4 的做法）',
    'md5-dirs': 'MD5 目录',
  },
  table1Verdict: { 'a-faster': '更慢', 'b-faster': '更快', same: '无明显差别' },
  table1Memory: '内存',
  table1HeldIn: (vfs, kb) => (vfs === 'opfs-sahpool' ? `OPFS 文件，${kb} KB` : `SQLite 内存库，${kb} KB`),
  table1CliOnly: '仅命令行',
  table1ServedOnly: '需通过服务器打开',
  table1Pending: '尚未计时',
  table1Urls: (stored, look) =>
    `所用 URL 与 urlhash paper p4 完全相同：每种存储各存 ${stored} 个；每轮查找 ${look} 次，一半是已存的 URL，另一半是紧随其后、未存入的 URL。`,
  table1Plan: (method, plan) => `SQLite 对“${method}”的查询计划：${plan}`,
  table1Vfs: (version, vfs, note) =>
    vfs === 'opfs-sahpool'
      ? `SQLite ${version}（WebAssembly）把每个数据库存成本浏览器源私有文件系统（OPFS）中的一个文件，经由其 opfs-sahpool VFS 读写，用完即删。`
      : `SQLite ${version}（WebAssembly）把每个数据库放在内存里：本浏览器没有为它提供 OPFS 文件${note ? `（${note}）` : ''}。`,
  table1SingleFile:
    '这个从磁盘直接打开的单文件版不含 SQLite（加上它的 WebAssembly 和脚本，文件会大出一半以上；而且从磁盘打开的页面也用不了 OPFS）。数据库两行请到服务器上的实验室里测（./lab serve，或任意静态网站）；两种链表在这里照常计时。',
  table1Md5:
    'P4 的第四种存储是按 URL 的 MD5 建 32 层嵌套目录（每个十六进制位一层），只能用命令行来测：网页无权在你的磁盘上建目录（1 000 个 URL 就要建约 30 000 个：每个 32 层，只有最上面几层共用），而浏览器的私有文件系统（OPFS）也不是 P4 当年计时的那种操作系统文件系统。在自己的机器上运行：',
  table1Md5Command: 'urlhash paper p4 --md5-dirs 1000',
  table1Ticks: (tick, scanMs, scanTicks, listMs, listTicks, reps, glMs, glTotal, glTicks) =>
    `以下是推断，P4 原文并未提及：表中的时间都约等于 ${tick} ms 的整数倍，而这正是 Windows XP 上 Java 的 System.currentTimeMillis() 的跳动步长（每秒 64 次）。${scanMs} ms ≈ ${scanTicks} 个步长（${scanTicks} × ${tick} = 968.75），${listMs} ms ≈ ${listTicks} 个步长；广义表的 ${glMs} ms 是 ${reps} 次去重的平均值，合计 ${glTotal} ms，也约等于 ${glTicks} 个步长。可见两种链表的数字大致只说明“不到一个步长”。P4 没有交代用的是什么时钟。`,
  trieGlTitle: '广义表本身',
  trieGlSummary: (nodes, roots, chars, perUrl, levels, depth, javaPerUrl, p4PerUrl, p4Nodes) =>
    `${nodes} 个节点（${roots} 个层根节点，${chars} 个字符节点），每个 URL ${perUrl} 个节点，${levels} 层，平均深度 ${depth}。在 P4 的 JVM 上按每节点 24 字节计，约为每个 URL ${javaPerUrl} 字节，而 P4 为 ${p4PerUrl}（每个 URL ${p4Nodes} 个节点）。`,
  trieFlawRunTitle: '这些 URL 上的前缀缺陷',
  trieFlawCount: (fd, prefixes) =>
    `${fd} 个 URL 被误判为重复（P4 的广义表判定它们已见过，因此它们既未被存储，也未被抓取）；${prefixes} 个不同 URL 是其他 URL 的真前缀。`,
  trieFlawLine: (line) => `第 ${line} 行：`,
  trieFlawAfter: '，此前已有 ',

  // Bloom filters (P4, P5)
  bloomHeading: '布隆过滤器：实测 P4 和 P5 的参数',
  bloomIntro:
    'P4 “用一个 16 倍大的地址空间，让所有 8 个 hash 函数都映射到这个地址空间里面”（m/N = 16，k = 8）；P5 按 Pei Cao 的表取 k = 8、m/N = 20。两篇都没有给出误判率。这里插入不同 URL 中的一半，用从未插入的另一半来查找：其中每个“已见过”都是一次误判。',
  bloomKLabel: 'k，每个 URL 的位置数',
  bloomKName: 'k',
  bloomRatioLabel: 'm/N，每个插入的 URL 占的位数',
  bloomRatioName: 'm/N',
  bloomRatioHint: '在曲线上画得更大，下面的位数组也用这个值。',
  bloomRatioBelowOne:
    '小于 1：过滤器的位数少于插入的 URL 数，因此大多数留出的 URL 都会被判为已见过。照样测量；曲线说明了为什么没人这样做。',
  bloomPresetsLabel: '论文设置',
  bloomPresetP4: 'P4：m/N 16，k 8',
  bloomPresetP5: 'P5：m/N 20，k 8',
  bloomPresetOptimal: 'm/N 20，取最佳 k = 14',
  bloomMethodsLegend: 'k 个位置如何得出',
  bloomNoMethod: '至少勾选一种得出位置的方法。',
  bloomProgress: (points, pct) => `正在用留出的 URL 测量 ${points} 个过滤器… ${pct}`,
  bloomDone: (points, s) => `已测量 ${points} 个过滤器，用时 ${s} s。`,
  bloomRedrawn: '已根据测量过的过滤器重新绘制。',
  bloomSplitCorpus: (n, held, seed) =>
    `插入：语料 URL 第 1 到第 ${n} 个；留出：接下来的 ${held} 个（种子 ${seed}），从不插入。与 urlhash bloom --n ${n} 的划分相同，因此下面的计数与其输出一致。`,
  bloomSplitDistinct: (distinct, inserted, held) =>
    `输入中的 ${distinct} 个不同行：前 ${inserted} 个插入，其余 ${held} 个留出。与 urlhash bloom 对同一文件的划分相同，因此下面的计数与其输出一致。`,
  bloomCapped: (cap) => `页面最多插入 ${cap} 个 URL。`,
  bloomCappedBudget: (lines) => `页面只保留前 ${lines} 行（见输入报告），所以过滤器读取的是这些行。`,
  bloomFprTitle: '误判率与 m/N',
  bloomFprNote:
    '点：在留出的 URL 上实测的误判率及其 95 % Wilson 区间（向下的三角形：一次误判也没有，画在区间上端）。线：精确公式 (1 − (1 − 1/m)^(kN))^k。空心标记：论文的参数点，取公式给出的误判率。',
  axisBitsPerUrl: 'm/N，每个插入的 URL 占的位数',
  axisFprLog: '误判率（对数坐标）',
  fprTheoryLabel: (k) => `理论值，k = ${k}`,
  fprOptimalLabel: '最佳 k = (m/N) ln 2 时的理论值',
  fullStop: '。',
  fprPaperNote: {
    p4: 'P4：“用一个 16 倍大的地址空间，让所有 8 个 hash 函数都映射到这个地址空间里面”（P4 没有印出误判率）',
    p5: 'P5：依其文献 [12]（Cao 的表）取 k = 8、m/n = 20（P5 没有印出误判率）',
    'p5-optimal-k': 'P5 的 m/n = 20 下的最优 k：20 ln 2 = 13.9',
  },
  fprPaperLabel: {
    p4: 'P4：m/N 16，k 8',
    p5: 'P5：m/N 20，k 8',
    'p5-optimal-k': 'm/N 20，k = 20 ln 2 = 13.9',
  },
  fprChartLabel: (k, n) => `k = ${k}、插入 ${n} 个 URL 时，误判率随每 URL 位数的变化：实测值与理论值`,
  fprTooltipTitle: (r, k) => `m/N = ${r}，k = ${k}`,
  fprTheoryTitle: (r) => `m/N = ${r}`,
  fprTooltipMeasured: (name, fp, trials, rate, lo, hi) =>
    `${name}：${trials} 个留出的 URL 中有 ${fp} 个 = ${rate}（95 %：${lo} 至 ${hi}）`,
  fprTooltipTheory: (exact) => `理论值（精确公式）：${exact}`,
  fprTooltipPaper: (given, exact, n) => `按公式为 ${given}（论文没有给出误判率）；N = ${n} 时的精确值为 ${exact}`,
  fprTooltipOptimal: (k, rate) => `k = ${k} 时：${rate}`,
  bloomTableHead: ['位置得出方式', 'm/N', 'k', '误判数 / 留出数', '实测', '95 % 区间', '理论值', '理论值在区间内？'],
  methodShort: { independent: '独立散列', double: '双重散列', 'enhanced-double': '增强双重散列', 'md5-slices': 'MD5 分段' },
  bloomPaperLine: (given, exact, n) => `按公式为 ${given}；在此 N = ${n} 时的精确值为 ${exact}。`,

  bloomDemoTitle: '小过滤器的内部：位数组',
  bloomQueryLabel: '查找一个 URL',
  bloomQueryDefault: 'http://www.pku.edu.cn/',
  bloomQueryInserted: '用一个已插入的 URL',
  bloomDemoMethodLabel: '位置得出方式',
  bloomDemoNote: (n, m, k, method, set, fill, expected, fpr) =>
    `前 ${n} 个插入的 URL 放入 m = ${m} 位，每个 URL 取 k = ${k} 个位置（方式：${method}）：${set} 位被置 1（${fill}；理论值 ${expected}），因此从未插入的 URL 读作“已见过”的概率为 ${fpr}。`,
  bloomQueryNone: '输入一个 URL，查看它的 k 个位置。',
  bloomSaysSeen: '已见过',
  bloomSaysAbsent: '不存在',
  bloomSeenInserted: 'k 位全部为 1：它是已插入的 URL 之一。',
  bloomSeenFalsePositive: 'k 位全部为 1，但它从未插入：这是一次误判。',
  bloomAbsentBecause: (i) => `第 ${i} 位为 0：它肯定从未插入。`,
  bloomMd5Narrow: (md5, k, w, m) => `MD5 = ${md5}：切成 ${k} 段，每段 ${w} 位，各自 mod ${m}。`,
  bloomMd5Wide: (md5, k, m) =>
    `MD5 = ${md5}：${k} 段 128/${k} 位的分段无法寻址 ${m} 位，因此实验室改用 MD5(D0 ‖ j) 的 64 位分段。`,
  bitsLabel: (m, set, query) => `${m} 位的位数组，${set} 位为 1${query ? `；已框出 ${query} 的位置` : ''}`,
  bitTitle: (i, set, urls, query) =>
    `第 ${i} 位：${set ? `1，由 ${urls} 个 URL 置 1` : '0'}${query ? ' — 被查找 URL 的位置之一' : ''}`,
  bitsLegendSet: '位为 1',
  bitsLegendUnset: '位为 0',
  bitsLegendQuerySet: '被查找的 URL，位为 1',
  bitsLegendQueryUnset: '被查找的 URL，位为 0',

  memoryTitle: '内存：P4 所说的“散列表的 1/8 到 1/4”',
  memoryNote: (n) =>
    `对 ${n} 个插入的 URL：过滤器的 m/8 字节，与存放同样 URL 的 Rust 散列集合对比（64 位布局，按 urlhash bloom 的模型：桶最多 7/8 满，字符串按 glibc malloc 的内存块计）。`,
  memoryRatioLabel: (r) => `m/N = ${r}`,
  memoryBloom: '布隆过滤器',
  memoryMd5Set: 'MD5 的散列集合',
  memoryStringSet: 'URL 字符串的散列集合',
  memoryChartLabel: '布隆过滤器与两种散列集合的每 URL 字节数',
  axisMemoryRatio: '过滤器每个 URL 的位数',
  memoryTableHead: ['m/N', '布隆过滤器 B/URL', 'MD5 集合 B/URL', '过滤器 ÷ MD5 集合', '字符串集合 B/URL', '过滤器 ÷ 字符串集合'],
  memoryWithin: '在 P4 的 1/8–1/4 之内',
  memoryBelow: '低于 P4 的 1/8',
  memoryAbove: '高于 P4 的 1/4',

  // 搜集节点的加入与离开（论文之外，P2 一组）
  rebHeading: 'P2 之外：搜集节点的加入与离开',
  rebIntro:
    'P2 按 hash mod n 把每个 URL 分给搜集节点，Nutch 的 URLPartitioner 和 Frontera 的 crc32 % N 也是如此。增加或失去一个搜集节点时，mod n 会移动几乎所有主机名，于是每个节点的待抓队列和礼貌访问状态都被打乱（7 → 8 个节点：移动 7/8）。带虚拟节点的一致性散列环、会合散列（最高随机权重）和跳跃一致性散列（Lamping 与 Veach，2014）只移动新节点那一份（1/8）。这里在屏幕上这份输入的主机名和 URL 上实测。',
  rebFromLabel: '之前的搜集节点数',
  rebFromName: '之前的搜集节点数',
  rebToLabel: '之后的搜集节点数',
  rebToName: '之后的搜集节点数',
  rebVnodesLabel: '每个节点的虚拟节点数（散列环）',
  rebVnodesName: '每个节点的虚拟节点数',
  rebPresetsLabel: '预设',
  rebPreset: {
    join: (from, to) => `加入一个节点：${from} → ${to}`,
    leave: (from, to) => `离开一个节点：${from} → ${to}`,
  },
  rebSchemeLabel: '动画演示的方案',
  rebPlay: '重新播放移动',
  rebLoadingModule: '正在载入实验室的第二个模块，并把各行交给它……',
  rebProgress: (pct) => `正在把主机名分给之前和之后的节点…… ${pct}`,
  rebDone: (s) => `用时 ${s} 秒。`,
  rebMovedTitle: '移到另一个节点的主机名和 URL 所占比例',
  rebMovedNote: (from, to, hosts, urls, modRange, modTheory, consRange, consTheory, lines) =>
    `${from} → ${to} 个搜集节点，${hosts} 个主机名、${urls} 个不同的 URL${lines === null ? '' : `（目前为前 ${lines} 行）`}：各 mod n 方案移动了 ${modRange} 的主机名（均匀散列的理论值：${modTheory}）；各一致性方案移动了 ${consRange}（理论值：${consTheory}）。每根柱上的短横线是它的理论值。`,
  rebMovedHosts: '移动的主机名',
  rebMovedUrls: '移动的 URL',
  rebTheory: '理论值（均匀散列）',
  rebAxisScheme: '方案',
  rebAxisMoved: '移到另一个节点（%）',
  rebMovedChartLabel: (from, to, hosts, urls) => `柱状图：${from} 个搜集节点变为 ${to} 个时，每种方案下 ${hosts} 个主机名和 ${urls} 个 URL 中移动的比例，以及理论比例。`,
  rebFlowTitle: '哪些主机名移到了哪里',
  rebFlowNote: (scheme, moved, hosts, share, theory, per) =>
    `${scheme}：${hosts} 个主机名中有 ${moved} 个移动（${share}；理论值 ${theory}）。每个点代表${per === 1 ? '一个主机名' : ` ${per} 个主机名`}，颜色是它之前所在的节点；它从旧节点的列移到新节点的列。`,
  rebFlowBefore: (from, to) => `${from} 个节点 → ${to}`,
  rebFlowAfter: (to) => `之后：${to} 个节点`,
  rebFlowJoins: '加入',
  rebFlowLeaves: '离开',
  rebFlowLabel: (scheme, from, to, moved, hosts, share) => `动画：在 ${scheme} 下，${from} 个搜集节点变为 ${to} 个时，${hosts} 个主机名中有 ${moved} 个（${share}）移到另一个节点。`,
  rebCurveTitle: '第 n + 1 个节点加入时移动的 URL 比例',
  rebCurveNote: (max) => `n = 2 … ${max} 个节点，在载入的 URL 上。虚线：均匀散列的理论值，mod n 下为 n/(n + 1)，一致性方案下为 1/(n + 1)。P2 印刷版的路径散列让更多 URL 留在原节点上，多于均匀散列：它的值并不均匀（见 P2 的视图）。`,
  rebAxisNodes: '之前的搜集节点数 n',
  rebAxisMovedUrls: '移动的 URL（%）',
  rebCurveTooltip: (n) => `${n} → ${n + 1} 个节点`,
  rebCurveChartLabel: (min, max) => `折线图：n 从 ${min} 到 ${max}，一个节点加入 n 个节点时每种方案下移动的 URL 比例，理论值为虚线。`,
  rebTheoryMod: '理论值，mod n：n/(n + 1)',
  rebTheoryConsistent: '理论值，一致性：1/(n + 1)',
  rebTableTitle: '每种方案：移动、之后的均衡与查找时间',
  rebTableHead: (from, to) => ['方案', '移动的主机名', '比例', '移动的 URL', '比例', '理论值', `B，${from} 个节点`, `B，${to} 个节点`, '之后主机名的 B', '之后被拆分的主机名', '每次查找纳秒'],
  rebTableNote: (to) =>
    `B 是每个节点 URL 数的最大值与平均值之比（主机名的 B：按主机名计）。被拆到多个节点上的主机名会在某个节点上失去礼貌访问状态：P2 按每个 URL 的路径分派，因此会拆分主机名；其他方案按主机名分派。每次查找纳秒：对键做散列并在 ${to} 个节点中找到其节点，在本浏览器中用前 16 000 行计时。`,
  rebInput: (links, urls, duplicates, hosts, unsplittable, firstError) =>
    `读取：${links} 个带主机名的行，${urls} 个不同的 URL（重复 ${duplicates} 次），分布在 ${hosts} 个主机名上；${unsplittable} 个没有主机名的行不分给任何节点${firstError ? `（第一个：${firstError}）` : ''}。`,
  rebCli: '在命令行得到同样的数字：',
  rebCliCommand: 'urlhash rebalance --nodes 7 --to 8 --vnodes 100 FILE',
  rebSchemeName: (id) => ZH.rebSchemeShort[id] ?? (id.startsWith('ring:v') ? `散列环，${id.slice(6)} 个虚拟节点` : id),
  rebSchemeShort: {
    'p2-printed': 'P2，印刷版',
    'p2-xor': 'P2，异或（注释）',
    'p2-repaired': 'P2，实验室修复',
    'host:xxh3': '主机名 · XXH3 mod n',
    nutch: 'Nutch',
    frontera: 'Frontera',
    heritrix: 'Heritrix 3',
    'ring:v100': '散列环，100 个虚拟节点',
    rendezvous: '会合散列',
    jump: '跳跃散列',
  },
  rebSchemeAbout: {
    'mod-p2': 'P2 的路径散列 mod n（三种读法）',
    'mod-host': '主机名的 XXH3 mod n',
    nutch: 'Nutch URLPartitioner byHost：hashCode & 0x7FFFFFFF mod n',
    frontera: 'Frontera：crc32（主机名）mod n',
    heritrix: 'Heritrix 3：注册域名的散列 mod n',
    ring: '一致性散列环，每个节点 V 个点',
    rendezvous: '会合散列：（节点，主机名）散列值最高的节点',
    jump: '跳跃一致性散列（Lamping 与 Veach，2014）',
  },

  // 散列质量测试（论文之外，P1 一组）
  qualHeading: 'P1 之外：各函数对 URL 形状的键好不好？',
  qualIntro:
    'P1 只用一次爬行上的 A 和 B 评判它的函数。散列函数的标准测试集 SMHasher3 问得更多：低位和高位是否均匀（M = 2⁸、2¹²、2¹⁶ 的 χ²）？键的碰撞是否比生日界多？翻转一个输入位，每个输出位是否各有一半机会翻转（雪崩），且彼此独立（BIC）？这里实验室的每个函数都在由你的 URL 构造的键（主机、路径、重组的前缀 + 核心 + 后缀、改一个字节或一位）和仿 SMHasher3 的合成键集上接受这些测试。每行得分 ^N：结果出自随机函数的可能性有多小，以 2 的幂表示，并按测试个数做了 Šidák 校正；^16 警告，^20 不通过。',
  qualFnLabel: '显示其热图和各行的函数',
  qualSetLegend: '雪崩测试的键',
  qualSetUrls: '你的 URL（翻转前 32 个字节）',
  qualSetRandom: '随机的 32 字节键',
  qualProgress: (pct) => `正在运行测试…… ${pct} %`,
  qualChartTitle: '各函数通过、警告、不通过的测试行数（SMHasher3 的顺序）',
  qualNote: (soFar) =>
    soFar
      ? `目前完成 ${soFar[0]} / ${soFar[1]} 个函数，其余仍在测试。`
      : '没有不通过行的函数排在前面，快的在先；其余按不通过的行数、再按速度排（SMHasher3 汇总表的顺序；时间是本浏览器测的）。',
  qualChartLabel: (list) => `堆叠柱状图：各函数不通过的行数 / 全部行数：${list}。`,
  qualSeries: { passed: '通过', warnings: '警告（^16 到 ^19）', failures: '不通过（^20 及更差）' },
  qualAxisX: '散列函数',
  qualAxisY: '测试行数',
  qualInput: (lines, distinct) => `前 ${lines} 行，${distinct} 个不同的 URL，以及下面的合成键集。`,
  qualTableTitle: '测试结果表',
  qualTableHead: ['函数', '位数', '结论', '行数', '通过', '警告', '不通过', '最差', '最差的行', '纳秒 / 键', 'P1 的 A', 'P1 的 B'],
  qualTableNote:
    'A 和 B 是 P1 自己在你的 URL 上的度量（A：N/M = 2.5 时的平均探查次数，随机函数约为 2.25；B：12 台机器上的分布，随机函数约为 1）。一个函数的 A、B 可以接近这些值，却在这里有许多行不通过：P1 的度量只看整个 URL 的低位。纳秒 / 键：在本浏览器中用你的 URL 计时。',
  qualMapsTitle: (fn) => `${fn}：雪崩与位独立性`,
  qualAxisInputBit: '被翻转的输入位（第 i/8 字节的第 i 位）',
  qualAxisOutputBit: '输出位',
  qualMapLegend: ['0：如随机函数', '0.5 及以上'],
  qualAvalLabel: (fn, set, worst) => `热图：${fn} 在${set}上的雪崩；最差偏差 ${worst}。`,
  qualAvalCaption: (fn, set, samples, worst) =>
    `${fn} 在${set}上的雪崩（${samples} 个键）：每格是翻转该输入位时 |2 × P（输出位翻转）− 1|；白色即公平硬币。最差：${worst}。`,
  qualBicLabel: (fn, set) => `热图：${fn} 在${set}上的位独立性。`,
  qualBicCaption: (fn, set, inputs, worst) =>
    `${fn} 在${set}上的位独立性：每对低位输出位，在 ${inputs} 个输入位上其翻转相关系数 |φ| 的最大值；白色即独立。最差：${worst}。`,
  qualTestsTitle: (fn, n) => `${fn}：全部 ${n} 行`,
  qualTestsAbout: '所选函数的每一行测试：键集、测试、考察的位置（M、位）、观测值与随机函数的期望值、Šidák 校正后的 p、得分和结论。',
  qualTestsHead: ['键集', '测试', '个数', '条件', '观测值', '期望值', 'p（校正后）', '得分', '结论'],
  qualWidth: (w) => `${w} 位`,
  qualBits: (i, j, k) => (k === null ? `输入位 ${i} → 输出位 ${j}` : `输入位 ${i}：输出位 ${j}、${k}`),
  qualVerdict: { pass: '通过', warn: '警告', fail: '不通过' },
  qualKeysetsTitle: '键集与测试',
  qualKeysetsHead: ['键集', '来源', '个数', '内容'],
  qualFromUrls: '你的 URL',
  qualSynthetic: '合成',
  qualKeyset: {
    urls: 'URL',
    hosts: '主机',
    paths: '路径',
    recombined: '重组',
    'one-byte': '改一个字节',
    'one-bit': '改一位',
    text: 'Text（文本）',
    'long-head': '长键，开头不同',
    'long-tail': '长键，结尾不同',
    'sparse-8x3': '稀疏 8 字节',
    'sparse-32x2': '稀疏 32 字节',
    'two-bytes': 'TwoBytes（双字节）',
    'avalanche-urls': '你的 URL',
    'avalanche-random': '随机键',
  },
  qualTest: {
    uniformity_low: '低位均匀',
    uniformity_high: '高位均匀',
    collisions: '碰撞',
    collisions_low32: '碰撞（低 32 位）',
    collisions_high32: '碰撞（高 32 位）',
    avalanche: '雪崩',
    bic: '位独立性',
  },
  qualCliCommand: 'urlhash quality --maps FILE',

  // 哪些 URL 是同一网页（论文之外，P3 一组）
  canonHeading: 'P3 之外：哪些 URL 是同一个网页？',
  canonIntro:
    '爬虫对“同一网页的不同写法”各有判断。你的各行依次经过七种规范化方案，均按其出处原样实现：WHATWG URL 标准（url crate）、RFC 3986 的规范化、Google Safe Browsing 的规范化、Apache Nutch 1.22 与 StormCrawler 3.4 的基本规范化器、Scrapy 的 w3lib 2.5，以及 P3 自己的键（"http://" + 主机 + 路径）。每种方案合并的行各不相同，下游的去重计数、指纹和误判率也随之改变。方案读不懂的行自成一页，不丢弃任何一行。',
  canonListLegend: '用哪份列表',
  canonAsLoaded: '你载入的各行，原样',
  canonRespelled: '你的各行，其中前 N 行每行后面加一个改写',
  canonRespellLabel: 'N：改写的行数',
  canonRespellName: '改写的行数',
  canonRespellNote:
    '没有不同写法的列表（内置语料每个 URL 只写一次）什么也合并不了。选择改写后，第 1 行的主机改成大写，第 2 行加“:80”，第 3 行加“#top”，之后依次是转义一个字母、“/./”、空查询、http ↔ https 和会话 ID。计数随之包括你的各行和这些改写，并会注明。',
  canonSchemeLabel: '显示其合并组的方案',
  canonProgress: (pct) => `正在用七种方案比较各行…… ${pct} %`,
  canonChartTitle: '每种方案把多少种写法并入另一写法',
  canonChartLabel: (lines, each) => `柱状图：${lines} 行中，各方案并入另一写法的写法数：${each}。`,
  canonSeriesMerged: '被合并的写法（原样的不同写法数 − 不同网页数）',
  canonSeriesSplit: 'P2 分到不同搜集节点的合并网页',
  canonAxisX: '规范化方案',
  canonAxisY: '写法数',
  canonSchemeName: {
    whatwg: 'WHATWG',
    rfc3986: 'RFC 3986',
    'safe-browsing': 'Safe Browsing',
    nutch: 'Nutch 1.22',
    w3lib: 'w3lib 2.5',
    stormcrawler: 'StormCrawler 3.4',
    p3: 'P3 的键',
  },
  canonNote: (lines, spellings, partial) =>
    `${lines} 行，${spellings} 种不同写法${partial ? '（目前为止，研究仍在读取）' : ''}。每根柱子是该方案视为“已见过的网页”的写法数。`,
  canonInput: (lines, spellings, added, respelled) =>
    added === '0'
      ? `原样载入的 ${lines} 行，${spellings} 种不同写法。`
      : `${lines} 行：你的各行，加上你要求的 ${added} 个改写（你的前 ${respelled} 行每行后面一个）；${spellings} 种不同写法。`,
  canonCapped: (lines, loaded) => `只比较了载入的 ${loaded} 行中的前 ${lines} 行（研究要保存每个不同的行，每行约 1 KB）。`,
  canonTableTitle: '各方案的不同网页数，以及下游的变化',
  canonTableHead: ['方案', '不同网页', '被合并的写法', '组数', '无法读取', 'MD5 改变', '布隆误判率（实测）', '布隆误判率（理论）', 'P2 最忙 / 平均', '被 P2 拆开'],
  canonAsWritten: '原样',
  canonKnockNote: (bits, k, probes, nodes) =>
    `MD5 改变：规范形式与原写法不同的不同写法数，这些网页的 P3 指纹不再是该行的指纹。布隆误判率：一个按每种不同写法 ${bits} 位、k = ${k} 的过滤器，每个网页放入一次，用 ${probes} 个不在任何列表中的键查询：网页越少，误判越少。P2：按 P2 的路径散列（其修复读法）分到 ${nodes} 个搜集节点上的网页数；“被 P2 拆开”统计各写法被 P2 发往两个或更多节点的合并网页，这些网页没有哪个节点能看出是同一页。`,
  canonGroupsTitle: (scheme, groups, spellings) => `${scheme}：其 ${groups} 个合并组中最大的几个（共 ${spellings} 种写法）`,
  canonGroupsAbout: '所选方案视为同一网页的写法组，按大小排列，每组附有区分其前两种写法的规则。',
  canonGroupsHead: ['写法数', '行数', '合并依据', '规范形式', '写法（前几种）'],
  canonNoGroups: '没有：这个方案把每一行都分开。',
  canonRule: {
    'add-scheme': '补上协议',
    'lowercase-host': '协议和主机的大小写',
    'drop-default-port': '默认端口',
    'drop-fragment': '片段（#…）',
    'trailing-slash': '末尾斜杠',
    'drop-www': 'www.',
    'sort-query': '查询参数顺序或空查询',
    'drop-session-ids': '会话 ID',
    escapes: '%-转义',
    'dot-segments': '点段（./ 与 ../）',
    'http-https': 'http ↔ https',
    'scheme-own': '该方案特有的规则',
  },
  canonPairsTitle: '两种方案的分歧',
  canonPairsNote: '行：合并的方案。列：分开的方案。每格统计行方案视为同一网页、列方案视为两个网页的写法对数；点一格可看例子。',
  canonPairsCorner: '合并 ↓ · 分开 →',
  canonPairLabel: (a, b, pairs) => `${a} 合并而 ${b} 分开的 ${pairs} 对`,
  canonPairExample: (a, b, pairs, x, y) => `${a} 把 ${pairs} 对写法视为同一网页，${b} 却把它们分开，例如 ${x} 与 ${y}。`,
  canonNoPairs: '在这些行上，各方案对每一对写法的判断都一致。',

  // 过滤器比较（论文之外，P5 一组）
  filterHeading: 'P5 之外：今天的爬虫用的过滤器',
  filterIntro:
    'P5 构造计数布隆过滤器（4 位计数器：布隆过滤器空间的 3–4 倍），以便删除 URL。布谷鸟过滤器在低误判率下约用每键 12 位即可删除；xor 过滤器每键 9.84 位、误判率 0.39 %（xor8），二元熔断（binary fuse）过滤器约 9.04 位（静态集合）；布隆过滤器要达到 1 % 约需每键 10 位，比 log2(1/ε) 下界多 44 %。这里在屏幕上这份输入的 URL 上实测，划分方式与布隆过滤器视图相同。',
  filterByLegend: '每个过滤器按以下要求确定大小',
  filterByFpr: '目标误判率',
  filterByBits: '每键位数',
  filterValuesFpr: '目标误判率（逗号分隔；1% 或 0.01）',
  filterValuesBits: '每键位数（逗号分隔）',
  filterValuesEmpty: '请至少输入一个值。',
  filterValueRange: (by, part, min, max) => `“${part}”不是 ${min} 到 ${max} 之间的${by === 'fpr' ? '误判率' : '每键位数'}。`,
  filterPreset: {
    fpr: (values) => `误判率 ${values}`,
    bits: (values) => `每键位数 ${values}`,
  },
  filterProgress: (pct) => `正在划分 URL，然后构造并探测每个过滤器…… ${pct} %`,
  filterChartTitle: '每个过滤器的每键位数与误判率',
  filterNote: (inserted, held, xor, fuse, cuckoo, sofar) =>
    `插入 ${inserted} 个 URL，留出 ${held} 个${sofar ? `（目前 ${sofar[1]} 个过滤器中的 ${sofar[0]} 个）` : ''}。` +
    (xor ? `xor8：每键 ${xor[0]} 位，误判率 ${xor[1]}（文献：9.84 位，0.39 %）。` : '') +
    (fuse ? `二元熔断 8：每键 ${fuse[0]} 位，误判率 ${fuse[1]}（文献：数百万个键时约 9.04 位）。` : '') +
    (cuckoo ? `布谷鸟过滤器：每键 ${cuckoo[0]} 位，指纹 ${cuckoo[1]} 位，误判率 ${cuckoo[2]}。` : '') +
    '虚线：下界，任何过滤器都不能少于每键 log2(1/ε) 位；点线：P4 和 P5 的每 URL 位数。朝下的点：没有误判，画在其区间的上端。',
  filterBoundLabel: '下界 log2(1/ε)',
  filterBoundPoint: (bits, rate) => `每键 ${bits} 位：ε = ${rate}`,
  filterMarkP4: (bits) => `P4：每 URL ${bits} 位`,
  filterMarkP5: (bits) => `P5：每 URL ${bits} 位`,
  filterAxisBits: '每键位数（内存 ÷ 插入的 URL 数）',
  filterChartLabel: (inserted, held) => `散点图，对数坐标：每个存有 ${inserted} 个 URL 的过滤器，其每键位数与在 ${held} 个留出的 URL 上测得的误判率，带 95 % 区间和 log2(1/ε) 下界。`,
  filterTooltipTitle: (name, method, setting, target) => `${name}${method ? `（${method}）` : ''}，按${setting === 'fpr' ? `误判率 ${target}` : `每键 ${target} 位`}确定大小`,
  filterTooltip: (bits, fp, held, fpr, lo, hi, formula) => `每键 ${bits} 位；${held} 个留出的 URL 中 ${fp} 个通过：${fpr} [${lo}, ${hi}]；公式 ${formula}`,
  filterTableTitle: '每个过滤器：内存、误判率、支持的操作与速度',
  filterTableHead: ['过滤器', '位置推导 / 指纹', '大小依据', '每键位数', '误判数', '误判率', '95 % 区间', '公式', '下界（每键位数）', '可删除', '可计数', '可后续插入', '构造（每键纳秒）', '查找（每键纳秒）'],
  filterTableNote:
    '每键位数：过滤器内存除以插入的 URL 数（IMP-CB 包括其后的 MD5 指纹库，因此从不误判）。公式：布隆 (1 − e^(−kn/m))^k；布谷鸟按其装填率为 2·4/2^f；xor 与二元熔断为 2^(−f)。可删除：布谷鸟、计数布隆和 IMP-CB；xor 与二元熔断过滤器由全部键一次构造（之后不能插入）。构造与查找：在本浏览器中逐行计时，在测完误判率之后。',
  filterSplit: (inserted, held, corpus) =>
    corpus
      ? `插入 ${inserted} 个语料 URL，留出其后的 ${held} 个，与 urlhash filters --n N 相同。`
      : `插入不同行的前一半（${inserted} 个），其余留出（${held} 个），与 urlhash filters 读文件时相同。`,
  filterFingerprint: (bits) => `${bits} 位指纹`,
  filterForRate: (rate) => `误判率 ${rate}`,
  filterForBits: (bits) => `每键 ${bits} 位`,
  filterYes: '是',
  filterNo: '否',
  filterCliCommand: 'urlhash filters --fpr 1%,0.1% FILE',
  filterName: {
    bloom: '布隆',
    counting: '计数布隆（P5）',
    'imp-cb': 'IMP-CB（P5）',
    cuckoo: '布谷鸟',
    xor8: 'xor8 过滤器',
    'binary-fuse8': '二元熔断 8',
    'binary-fuse16': '二元熔断 16',
  },

  // Counting Bloom filters and IMP-CB (P5)
  cbfHeading: '计数布隆过滤器与 P5 的 IMP-CB：溢出与删除',
  cbfIntro:
    '计数布隆过滤器用一个小计数器代替每一位，因此可以删除 URL。吴家奇等（2018）使用 4 位计数器、k = 8、m/N = 20，并在其后配一个 MD5 指纹库（IMP-CB）。计数器达到最大值后就饱和了；若仍对它减一，就会丢失仍依赖它的 URL。',
  cbfBitsLabel: '每个计数器的位数',
  cbfBitsName: '每个计数器的位数',
  cbfRatioLabel: 'm/N，每个 URL 分摊的计数器数',
  cbfRatioName: 'm/N',
  cbfKLabel: 'k，每个 URL 映射到的计数器数',
  cbfKName: 'k',
  cbfDeleteLabel: '随后删除的比例',
  cbfDeleteName: '删除比例',
  cbfMethodLabel: '位置得出方式',
  cbfPresetsLabel: '预设',
  cbfPresetP5: (bits, ratio, k) => `P5：${bits} 位，m/N ${ratio}，k ${k}`,
  cbfPresetSaturating: (bits, ratio, k) => `饱和：${bits} 位，m/N ${ratio}，k ${k}`,
  cbfProgress: (pct) => `正在填充计数器… ${pct}`,
  cbfDeleting: '正在三个过滤器中插入、删除，并检查每个保留的 URL…',
  cbfDone: (s) => `完成，用时 ${s} s。`,
  cbfFromCorpus: 'urlhash cbf --n N 插入的语料 URL',
  cbfFromFile: (distinct) => `${distinct} 个不同行的前一半，与 urlhash cbf 从文件中取的相同`,
  cbfSplit: (n, from, m, bits, k, r, deleted, kept) =>
    `${n} 个 URL（${from}）放入 m = ${m} 个 ${bits} 位计数器（m/N = ${r}），k = ${k}；然后删除前 ${deleted} 个，再查找保留的 ${kept} 个。这些数字与相同设置下的 urlhash cbf 一致。`,
  cbfHistTitle: '插入全部 URL 后的计数器',
  cbfHistNote: (m, nonzero, saturated, overflows, max) =>
    `${m} 个计数器：${nonzero} 个大于 0，${saturated} 个卡在最大值 ${max}，${overflows} 次加一因饱和而丢失。虚线：m · P(c = j)，其中 c ~ Binomial(Nk, 1/m)。`,
  axisCounterValue: '计数器值 j',
  axisCountersLog: '值为 j 的计数器数（对数坐标）',
  countersMeasured: '计数器',
  countersSoFar: (n, total) => `计数器，目前已放入 ${total} 个 URL 中的 ${n} 个`,
  cbfSoFar: (n, total) => `目前已放入 ${total} 个 URL 中的 ${n} 个；其余放入时图会随之更新。`,
  countersExpected: '期望值，m · P(c = j)',
  counterFullLabel: (j) => `${j}（满）`,
  countersTooltipTitle: (j) => `计数器值 ${j}`,
  countersChartLabel: (m, bits) => `${m} 个 ${bits} 位计数器中取各个值的各有多少：实测值与期望值`,

  overflowTitle: '计数器溢出：上界，以及 P5 的两处印刷错误',
  overflowHead: (m, j) => [`m = ${m} 个计数器，在 j = ${j} 时溢出`, '值', '含义'],
  overflowCorrected: (j) => `Fan 等的上界 P(max c ≥ ${j}) ≤ m (e ln 2 / j)^j`,
  overflowApplies: '修正后的上界（在 k ≤ (ln 2) m/N 时成立，此处满足）。',
  overflowNotApplies: (k, r) =>
    `修正后的上界，但此处不满足其条件 k ≤ (ln 2) m/N（k = ${k}，m/N = ${r}）：它什么也约束不了。`,
  overflowPrintedFormula: (j) => `P5 印出的公式 m (ln 2 / j)^j，j = ${j}`,
  overflowMisprintE: '印刷错误：漏了 e，使上界小了约 e^j 倍。',
  overflowPrintedNumber: 'P5 印出的数字 1.37 × 10^15 × m',
  overflowMisprintSign: '印刷错误：指数漏了负号；大于 1 的“概率”什么也约束不了。',
  overflowMisprintSignOther: (bits) => `印刷错误（而且只针对 4 位计数器；这里的计数器是 ${bits} 位）。`,
  overflowExact: (j) => `精确值：达到 ${j} 的计数器的期望个数，m · P(c ≥ ${j})`,
  overflowExactNote: '由二项分布的尾部直接算出，无需上界。',
  overflowSaturated: (j) => `精确值：达到 ${j} 或以上（饱和）的计数器的期望个数，m · P(c ≥ ${j})`,
  overflowSaturatedNote: (measured) => `此处实测：${measured}。`,
  overflowFactors: (corrected, withoutE, printed) =>
    `在 j = 16（4 位计数器）时，m 的系数为 ${corrected}；若没有 e，则为 ${withoutE}；P5 印的是 ${printed}。`,

  deletionTitle: '删除 URL：谁会弄丢保留下来的 URL？',
  deletionIntro:
    '先插入全部 URL，再删除前一部分，然后查找每个保留的 URL。对饱和的计数器也减一的普通计数布隆过滤器（cbf-decrement）可能让某个保留 URL 的计数器降到 0：这是漏判。不动饱和的计数器（cbf-sticky）不会丢失任何 URL，但这些计数器永远不会清零；IMP-CB 则根据指纹库重新计算饱和的计数器。',
  deletionShort: { 'cbf-decrement': 'CBF，减一', 'cbf-sticky': 'CBF，饱和不减', 'imp-cb': 'IMP-CB（P5）' },
  deletionWhat: {
    'cbf-decrement': '对饱和计数器也减一的普通计数布隆过滤器',
    'cbf-sticky': '从不对饱和计数器减一的普通计数布隆过滤器（Fan 等）',
    'imp-cb': 'P5 的计数器，其后配一个 MD5 指纹库',
  },
  deletionHead: ['结构', '丢失的保留 URL', '占保留 URL 的比例', '删除后仍“已见过”', '丢失的加一次数', '插入后饱和', '删除后饱和', '字节'],
  deletionLost: (kept) => `丢失的保留 URL（共 ${kept} 个）`,
  deletionStill: (deleted) => `删除后仍“已见过”的 URL（共 ${deleted} 个）`,
  axisDeletionStructure: '结构',
  deletionChartLabel: (kept, deleted) =>
    `在保留的 ${kept} 个和删除的 ${deleted} 个 URL 中，丢失的保留 URL 与仍然存在的已删除 URL`,
  deletionLostNote: (lost, kept) => `普通过滤器丢失了 ${kept} 个保留 URL 中的 ${lost} 个：爬虫会再次抓取它们。IMP-CB 一个也没有丢失。`,
  deletionNoneLost: '在这些设置下没有计数器溢出，因此没有任何结构丢失 URL。试试“饱和”预设。',

  // P5's Fig. 3 and misprints (www/views/p5-view.js)
  p5Fig3Title: '在本浏览器中计时 P5 的图 3：单独的指纹库对 IMP-CB',
  p5Fig3Intro:
    'P5 声称 IMP-CB 的去重比单独查指纹库（图 1）更快：计数器中只要有一个为 0，就能不查库直接判定为新网页。下面两者都在 N 个网页的流上运行，其中一定比例的网页重复了前面出现过的 URL；先把指纹库放在内存里（散列表），再放进 SQLite、存在浏览器的磁盘 OPFS 上：P5 的指纹库大到内存放不下，查库时“会频繁地进行 I/O 操作”。P5 的图 3 没有给出数字；这里的数字是本浏览器的。',
  p5Fig3DupLabel: '重复 URL 的网页占比，%（P5 引用：近似网页占 29%）',
  p5Fig3SeedLabel: '流的种子',
  p5Fig3DupName: '重复网页的占比',
  p5Fig3SeedName: '流的种子',
  p5Fig3Run: '计时图 3',
  p5Fig3Rerun: '重新计时',
  p5Fig3Stop: '测完这一行后停止',
  p5Fig3Progress: (medium, i, total, run, runs) => `第 ${run} 次运行（共 ${runs} 次）：正在计时第 ${i} 行（共 ${total} 行），${medium}…`,
  p5Fig3Loading: '正在载入 SQLite 的 WebAssembly…',
  p5Fig3Done: (s, runs) => `计时 ${runs} 次完成，用时 ${s} s。`,
  p5Fig3Stopped: (done, total) => `已停止：共需 ${total} 次行计时，完成了 ${done} 次；计时次数少于其他行的行只是初步结果。`,
  p5Fig3NeedsSplit: '图 3 使用上面计数过滤器插入的 URL：过滤器测完后即可计时。',
  p5Fig3Medium: { memory: '指纹库在内存', disk: '指纹库在磁盘（SQLite）' },
  p5Fig3Caption: (pct, seed, distinct) => `流中 ${pct} 的网页重复前面出现过的 URL（种子 ${seed}），URL 取自计数过滤器插入的 ${distinct} 个 URL。`,
  p5Fig3Head: ['指纹库', 'N', '重复', '单独指纹库，µs/网页', 'IMP-CB，µs/网页', 'IMP-CB ÷ 指纹库', '更快者', '省下的查库', '计数为 0', '查到', '未查到', '读页数（单独 / IMP-CB）'],
  p5Fig3Faster: { 'a-faster': '单独指纹库', 'b-faster': 'IMP-CB', same: '无明显差别' },
  p5Fig3Unit: 'µs/网页',
  p5Fig3Series: (who, medium) => `${who === 'store' ? '单独指纹库' : 'IMP-CB'}，${medium}`,
  p5Fig3ChartLabel: '各 N 下单独指纹库与 IMP-CB 每个网页的微秒数，内存与磁盘',
  axisP5Fig3N: 'N，流中的网页数',
  p5Fig3Warming: (medium) => `正在预热，${medium}（最小的 N 先跑一遍，不计时）…`,
  p5Fig3Verdict: (disk, n, kind, why, ratio, min, max, runs, total) =>
    `${disk ? '在磁盘上' : '在内存中'}，N = ${n} 时，` +
    (kind === 'a-faster'
      ? `单独指纹库更快：IMP-CB 的用时是它的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍）。`
      : kind === 'b-faster'
        ? `IMP-CB 更快：它的用时是单独指纹库的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍）。`
        : kind === 'same'
          ? `两者无明显差别：IMP-CB 的用时是单独指纹库的 ${ratio} 倍（${runs} 次运行的中位数，范围 ${min}–${max} 倍），而且${why}。`
          : `初步结果，已完成 ${runs}/${total} 次运行…：目前 IMP-CB 的用时是单独指纹库的 ${ratio} 倍。`),
  p5Fig3Note: (memory, disk, winsAt, memoryNoGain, diskLoses) =>
    memory +
    (memoryNoGain ? '在内存中，一次散列表查找与 k = 8 次计数器读取代价相当，省下查库并不省时间。' : '') +
    (disk === null
      ? '磁盘上的几行才显示 P5 的说法在哪里可能成立。'
      : disk +
        (winsAt ? `在磁盘上 IMP-CB 在 N = ${winsAt} 处更快：每省下一次查库，就省下一条 SQLite 语句和一次从 WebAssembly 向外的调用。` : '') +
        (diskLoses
          ? '在磁盘上它落后的地方，B 树插入要读的叶子页正是省掉的那次查库本来要读的页；而 P5 的记录在每个指纹旁还存着 IMP-CB 的 k = 8 个计数器下标，它的表是单独指纹库的两倍大，更多地落在 SQLite 页缓存之外。'
          : '')) +
    '“计数为 0”：有计数器为 0，判为新网页，不查库；“查到”：计数器全不为 0 且库里有（Count + 1）；“未查到”：计数器误判，白查了一次库。',
  p5Fig3Vfs: (version, vfs, note) =>
    vfs === 'opfs-sahpool'
      ? `SQLite ${version}，文件放在 OPFS 上（opfs-sahpool VFS），每行测完即删；synchronous = OFF，每 50 000 次写入提交一次，与命令行相同。`
      : `SQLite ${version} 在内存中：本浏览器这里没有提供 OPFS${note ? `（${note}）` : ''}，所以“磁盘”其实是 SQLite 放在内存里的页。`,
  p5Fig3SingleFile: '这个从磁盘打开的单文件版不含 SQLite：磁盘几行要在服务器上的实验室（./lab serve）或用下面的命令行来测。',
  p5Fig3Cli: '命令行测的是同样的几行，另外还测不带 IMP-CB 计数器下标的记录：',
  p5Fig3CliCommand: 'urlhash paper p5 --disk',
  p5SlipsTitle: 'P5 的笔误，附本次运行的数字',
  p5SlipsWaiting: '计数过滤器运行后，在它的 URL 上测量。',
  p5TailTitle: '(a) 比所界之量还小的“上界”',
  p5TailClaim:
    '§2.2 印作 P(c(i) ≥ j) ≤ C(Nk, j)(1/m)ʲ(1 − 1/m)^(Nk−j)。右边是 P(c(i) = j)，只是尾部的一项，所以在每个 j < Nk 处都小于尾部概率 P(c(i) ≥ j)：这个不等式不成立。',
  p5TailHead: ['设置', 'm', 'Nk', 'j', 'P(c ≥ j)，精确值', '原文右边', '本次实测', '成立？'],
  p5TailMeasuredNote: '“本次实测”：图 3 最大的流跑完后，本次计数器中值不小于 j 的比例。',
  p5Setting: {
    'by hand': '手算',
    'this run': '本次运行',
    'P5 at N = 2 000 000': 'P5，N = 2 000 000',
    'P5: m/N = 20, k = 8': 'P5：m/N = 20，k = 8',
    'small: m/N = 2, k = 4': '小过滤器：m/N = 2，k = 4',
  },
  p5Holds: (yes) => (yes ? '成立' : '不成立'),
  p5NkTitle: '(b) 写作“从 N 次”，公式里却是 Nk',
  p5NkClaim: (nk, n) =>
    `§2.2 写“从 N 次……中选择 j 次”；它的公式和计数器里都是 Nk：每个 URL 加 k 个计数器。本次计数器的均值是 Nk/m = ${nk}；若按 N 来读则是 N/m = ${n}。`,
  p5NkHead: ['j', '值为 j 的计数器，实测', '按 Nk', '按 N'],
  p5DoubleTitle: '(c) 未查到的分支加了两次 1',
  p5DoubleClaim:
    '图 2 未查到的分支先对 M1 … Mk 加 1，存入网页，又“并且分别对 M1 … Mk … 进行加 1 操作”。照原文执行（标明的读法）与实验室的读法（加一次）在同一批网页上对照：',
  p5DoubleHead: ['设置', '未查到次数', '计数器总和，加一次', '计数器总和，照原文', '每次多出', '删除全部网页后仍不为 0 的计数器（加一次 / 照原文）'],
  p5DoubleNote: (k) => `加两次时，每次未查到都多加 k = ${k}，网页删除后它的计数器仍留着：之后的新网页会被过滤器送去查库。`,
  p5NamesTitle: '(d) 一个算法，两个名字',
  p5Names: (cb, cm) => `IMP-CB 出现 ${cb} 次：引言、§1.1、§2.3（标题、正文、末句）、图 2 中文图题。IMP-CM 出现 ${cm} 次：摘要（2）、关键词、图 2 英文图题、§3（2，其一作“标准 IMP-CM”）、§4（2）、英文摘要（2）、英文关键词。本实验室称 IMP-CB。`,

  // P3's MD5 fingerprints
  fpHeading: 'P3 的 MD5 指纹（杨海东等 2006）：雪崩效应、印出的摘要、生日界、规范化',
  fpIntro:
    '杨海东、叶小岭、张颖超（2006）把每个 URL 文本的 128 位 MD5 摘要作为它的 ID，ID 已出现过的 URL 就丢弃。他们声称两个输入摘要相同的概率为 10⁻²⁴，印出了两个摘要，并通过“主机名 → IP”表合并一个站点的别名和镜像。下面逐一检验这些说法；标有“在已载入的 URL 上”的部分与 urlhash fingerprint 在同样的行上得出的结果相同。',
  fpStudyProgress: (lines, pct) =>
    `正在为 ${lines} 行计算指纹（MD5 指纹库、16/24/32 位指纹、雪崩效应、每种规范化）… ${pct}`,
  fpStudyDone: (s) => `已载入的 URL 测量完毕，用时 ${s} s。`,
  fpRunAll: (lines) => `在已载入的 URL 上：全部 ${lines} 个 URL 行，与 urlhash fingerprint 的读取方式相同。`,
  fpRunCapped: (lines, loaded) =>
    `在已载入的 URL 上：页面测量 ${loaded} 个 URL 行中的前 ${lines} 行（每种规范化每行约占 60 字节内存）；urlhash fingerprint 在这 ${lines} 行上给出相同的数字。`,
  fpStoreLine: (lines, distinct, dups, collisions, bytes, p) =>
    `P3 的指纹库在这些行上：${lines} 行，${distinct} 个不同的 MD5 ID，丢弃 ${dups} 个重复行，${collisions} 次 MD5 冲突（对每个重复另算一个 64 位散列值，结果一致）；这些 ID 占 ${bytes} 字节。${distinct} 个 128 位 ID 中出现任何冲突的概率：${p}。`,

  fpAvalancheTitle: '1. 两个 URL，两个摘要：雪崩效应',
  fpAvalancheIntro:
    'P3 的表 1（扫描件中缺失）展示了三个相似的 URL 及其截然不同的摘要。输入任意两段文本：两者都按输入原样（其 UTF-8 字节）计算散列。第 0 位是第一个十六进制数字的最高位；每个十六进制数字都位于它的四位之上。',
  fpALabel: '文本 A',
  fpBLabel: '文本 B',
  fpPairPresets: '填入',
  fpPairLoaded: '一个已载入的 URL 及其相差一位的变体',
  fpPairP3: '仿 P3、相差一位的 URL',
  fpPairEmpty: '空字符串（P3 的 D41D…）',
  fpCount: (k) => `128 位中有 ${k} 位不同`,
  fpCountNote: (bytesA, bytesB, expected) =>
    `A 有 ${bytesA} 字节，B 有 ${bytesB} 字节。两个独立的随机摘要平均有 ${expected} 位不同。`,
  fpSame: '两段文本相同，所以摘要也相同。',
  fpBlocks: (blocksA, blocksB) =>
    `MD5 把 A 读作 ${blocksA} 个、B 读作 ${blocksB} 个 512 位的分组，每组分成 16 个 32 位的字（16 × 32 = 512）。P3 说“32 个子分组”，是笔误。填充先补一个 1 位，再补 0 到模 512 余 448 位，最后接 64 位的长度，所以 55 字节的文本占一个分组，56 字节的占两个。`,
  fpInversion: (tried, empty, unmatched) =>
    `P3 还说最新文献表明散列算法已经可以进行逆运算，由 h(m) 求出 m。2004–05 年关于 MD5 的成果是碰撞（两个特意构造的输入得到同一摘要），不是原像：没有人能由 h(m) 算出 m。上面对两个印出的摘要各试了 ${tried} 个候选文本：${empty} 是空字符串的 MD5，所以它被“逆”出来了；${unmatched} 与哪一个都不相符。`,
  fpDigestA: 'MD5(A)',
  fpDigestB: 'MD5(B)',
  fpDigestXor: 'A xor B',
  fpBitsBlock: (first, last) => `第 ${first}–${last} 位`,
  fpBitTitle: (i, a, b) => `第 ${i} 位：A ${a}，B ${b}${a === b ? '' : ' — 不同'}`,
  fpHexTitle: (i, a, b) => `第 ${i + 1} 个十六进制数字：A ${a}，B ${b}`,
  fpBitsLabel: (k) => `两个摘要的 128 位，其中 ${k} 位不同`,
  fpLegendSame: 'A 和 B 相同',
  fpLegendDiff: '不同',
  fpP3PairA: 'http://www.nuist.edu.cn/news/1.htm',
  fpP3PairB: 'http://www.nuist.edu.cn/news/0.htm',

  fpHistTitle: '在已载入的 URL 上：几乎相同的 URL 之间相差的位数',
  fpHistNote: (pairs, urls, mean, sd, min, max, p) =>
    `${pairs} 对：前 ${urls} 个 URL 各自与其变体比较（翻转最后一位、加上或去掉末尾的 /、主机名改大写、最后一个数字加 1、http ↔ https）。实测平均 ${mean} 位，标准差 ${sd}，范围 ${min}–${max}；Binomial(128, ½) 给出平均 64，标准差 5.66。对它做 χ² 检验：p = ${p}（p 远低于 0.01 就说明 MD5 的表现不像随机函数）。`,
  fpHistNoP: '对数太少，无法做 χ² 检验',
  axisDifferingBits: '相差的位数 k（共 128 位）',
  axisPairs: 'URL 对数',
  fpHistMeasured: '实测的对数',
  fpHistExpected: 'Binomial(128, ½) × 对数',
  fpHistTooltipTitle: (k) => `128 位中有 ${k} 位不同`,
  fpHistChartLabel: (pairs) => `${pairs} 对几乎相同的 URL 中，相差 k 位的各有多少，与 Binomial(128, 1/2) 对比`,
  fpKindTitle: '每种改动的平均相差位数',
  fpKindHead: ['对 URL 的改动', '对数', '平均位数'],
  fpKind: {
    'flip-last-bit': '翻转最后一个字节的最低位',
    'trailing-slash': '加上或去掉末尾的 /',
    'host-upper-case': '主机名改大写',
    'last-digit': '最后一个数字加 1',
    scheme: 'http:// ↔ https://',
  },
  fpTable1Title: '重建 P3 的表 1：第一个 URL 及其两个变体',
  fpTable1Head: ['URL', 'MD5', '与第一个相差的位数'],

  fpRevealTitle: '2. P3 印出的两个摘要',
  fpRevealIntro:
    'P3 为规范化后的 URL（IP_ID，第 3.1 节）印出一个摘要，为域名形式（Name_ID，第 3.2 节）印出另一个；URL 本身在扫描件中缺失。实验室对候选字符串计算散列：空字符串、正文中残存的每个片段、示例站点的主机名，以及它们的各种简单写法。',
  fpRevealFor: ['IP_ID，“http://” + IP + 路径（第 3.1 节）；P3 还说 URL (3) 得到相同的结果', 'Name_ID，“http://” + 域名 + 路径（第 3.2 节）'],
  fpRevealEmpty: (tried) =>
    `它是空字符串的 MD5（在尝试的 ${tried} 个候选中排第一个）。P3 只说“(3) 式经过转换也得到同样结果”。以下是推断，不是 P3 的说法：不管想处理的是哪个 URL，它的程序什么都没有散列，这样它规范化的每个 URL 都会得到这同一个 ID。上面的“空字符串”按钮可以演示这一点。`,
  fpRevealMatch: (text, tried) => `它是“${text}”的 MD5（在尝试的 ${tried} 个候选之中）。`,
  fpRevealNone: (tried) =>
    `没有匹配：${tried} 个候选字符串的 MD5 都不是这个摘要。P3 在这里散列的是什么，无法从论文中还原。`,
  fpRevealBadgeEmpty: '“”的 MD5',
  fpRevealBadgeMatch: '找到',
  fpRevealBadgeNone: '无匹配',

  fpBirthdayTitle: '3. P3 的 10⁻²⁴ 与生日界对照',
  fpBirthdayIntro:
    'n 个不同 URL 各取随机的 b 位指纹时，其中任意两个相同的概率是 1 − exp(−n(n−1)/2^(b+1))。P3 只给出针对两个输入的一个数字，并说对 130 亿个网页和 600 亿个链接，128 位“完全可以满足要求”。',
  fpClaimHead: ['', 'P3 的说法', '生日界'],
  fpClaimTwo: '两个给定 URL 的 128 位摘要相同',
  fpClaimTwoValue: (pow, p) => `${pow} = ${p}`,
  fpClaimBits: (p) => `两个给定 URL 摘要相同的概率为 ${p} 时的摘要位数`,
  fpClaimBitsSaid: '128 位',
  fpClaimBitsValue: (bits, pow) => `${bits} 位（${pow}）`,
  fpClaimAt: (p) => `出现任何冲突的概率达到 ${p} 时的 URL 数`,
  fpClaimAtHuman: (p) => `出现任何冲突的概率达到 ${p} 时的 URL 数（P3 所说的人类指纹）`,
  fpClaimRow: (what, bits) => `${what}，${bits} 位 ID：出现任何冲突的概率`,
  fpClaimWhat: { pages: '130 亿个网页', links: '600 亿个链接' },
  fpClaimLonger: '“更是不大可能重复了”',
  fpClaimFits: '“完全可以满足要求”',
  fpClaimPairs: (p, pairs) => `${p}（冲突对的期望个数 ${pairs}）`,
  fpNUrls: (n) => `n = ${n}`,
  fpBirthdayChartTitle: '出现任何冲突的概率与 URL 数的关系',
  fpBirthdayChartNote:
    '两轴均为对数坐标。虚线：P3 的 10⁻²⁴，以及它所说人类指纹的 10⁻¹⁹。标记：P3 的 130 亿个网页和 600 亿个链接，分别在 128 位和 64 位下。128 位 ID 在约 2600 万个 URL 时超过 10⁻²⁴。',
  axisUrlsLog: 'n，不同 URL 数（对数坐标）',
  axisCollisionLog: '出现任何冲突的概率（对数坐标）',
  fpCurve: (b) => `${b} 位指纹`,
  fpClaimLine: 'P3：10⁻²⁴',
  fpHumanLine: 'P3：人类指纹，10⁻¹⁹',
  fpClaimPoint: (n) => `128 位在 n = ${n} 时达到 10⁻²⁴`,
  fpInputLineSoFar: (n, lines, total) => `${total} 行中的前 ${lines} 行（仍在读入）：n = ${n}`,
  fpInputLine: (n) => `已载入的 URL：n = ${n}`,
  fpPaperPoint: (what, bits) => `P3 的${lead(what)}，${bits} 位`,
  fpBirthdayTooltipTitle: (n) => `n = ${n} 个 URL`,
  fpBirthdayTooltip: (label, p) => `${label}：${p}`,
  fpBirthdayChartLabel: 'n 个 32、64、128 位指纹中出现任何冲突的概率，附 P3 的 10⁻²⁴',
  fpTruncTitle: '在已载入的 URL 上：短指纹（MD5 的高 b 位）的冲突与生日界的预测一致',
  fpTruncHead: ['b 位', 'n 个不同 URL', '冲突对', '期望', '误判为重复', '期望', '出现任何冲突的概率'],
  fpTruncNote:
    '冲突对：共享一个 b 位指纹的不同 URL 对，期望为 n(n−1)/2^(b+1)。误判为重复：b 位指纹库因指纹已被占用而丢弃的新 URL，爬虫因此永远不会抓取它们；期望为 n − 2^b(1 − (1 − 2^−b)^n)。在 128 位下，对爬虫会遇到的任何 URL 列表，预期都一个也不会出现。',

  fpNormTitle: '4. 在已载入的 URL 上：什么算同一个页面',
  fpNormIntro:
    'P3 通过“主机名 → IP”表合并一个站点的名字和地址：IP_ID 对“http://” + IP + 路径计算散列，因此共享同一 IP 的名字被合并（别名，异名同址）；Name_ID 在“名字 → IP → 名字”之后对“http://” + 名字 + 路径计算散列，因此站点的镜像也被合并（同名异址）。表中没有的主机名保持原样。',
  fpHostsLabel: '主机名表：每行一对“主机名 IP”',
  fpHostsHint:
    'IPv4 或 IPv6；# 开始注释。一个 IP 列出两个名字，就使它们成为别名（异名同址）；一个名字列出两个 IP，就是镜像（同名异址）；以最先列出的为准。Ctrl+Enter 应用此表。',
  fpHostsApply: '应用此表',
  fpExample: '载入 P3 的示例（南京信息工程大学）',
  fpExampleHint: '用 P3 示例站点的 15 个手工构造的 URL 替换已载入的 URL（其原有 URL 在扫描件中缺失），并把它的表放到上方。',
  fpHostsDefault:
    '# P3 的示例，南京信息工程大学（NUIST）；\n# 地址是虚构的。\nwww.nuist.edu.cn   202.195.235.1\nnuist.edu.cn       202.195.235.1  # 别名\nwww.nuist.edu.cn   202.195.235.2  # 镜像\nbbs2.nuist.edu.cn  202.195.240.7\n',
  fpSitesProgress: (pct) => `正在计算 IP_ID 和 Name_ID… ${pct}`,
  fpSitesHead: ['按以下方式计为不同的 URL', '不同', '合并'],
  fpSitesRows: {
    lines: '按原样的行',
    host: 'http:// + 主机名 + 路径',
    ip: 'IP_ID：http:// + IP + 路径（别名共用一个）',
    name: 'Name_ID：http:// + 名字 + 路径（别名和镜像共用一个）',
  },
  fpSitesTable: (pairs, hosts, ips, aliases, mirrors) =>
    `此表：${pairs} 对，${hosts} 个名字，${ips} 个 IP；${aliases} 个 IP 有两个或更多名字，${mirrors} 个名字有两个或更多 IP。`,
  fpSitesResolved: (parsed, unresolved) =>
    `${parsed} 个 URL 行中有 ${unresolved} 行的主机名不在表中（它们的键保留主机名）。`,
  fpSitesNoneResolved:
    '这些 URL 的主机名都不在表中，因此每个键都保留主机名，没有任何合并。请载入 P3 的示例，或为你的列表中的主机名输入对应条目。',
  fpMirrorLegend: 'P3 的镜像判定（阈值 P3 没有给出）',
  fpMirrorSimilarity: 'URL 相似度不低于（两个站点路径集合的 Jaccard 系数，0–1）',
  fpMirrorShared: '共有路径不少于',
  fpStoreTitle: 'P3 的存储过程，逐步演示',
  fpStoreIntro:
    'P3 并不是把 IP_ID 已有的 URL 一律丢弃：“如果 IP 地址相同，并不是简单地丢弃，而是将 URL 以增量的方式添加在存放 URL 的字段后，相同域名的 URL 可以直接丢弃。”逐条处理每个 URL：见过的直接丢弃；IP_ID 已有记录的，追加到该记录（别名，保留）；Name_ID 已有记录但 IP 不同的，丢弃（镜像）；其余新建一条记录。最后，路径足够相似的站点按镜像处理（P3：“如果 URL 的相似度和内容的相似度都高于设定的阈值”）。URL 列表里没有网页内容，这里只能检验 URL 相似度：列出的是 P3 还要再比较内容的站点对。',
  fpStoreHead: ['步骤', '之前的 URL', '丢弃', '追加', '之后的 URL'],
  fpStoreSteps: {
    repeat: '1. 已见过',
    'same-ip': '2. IP_ID 相同：追加',
    'same-name': '3. Name_ID 相同、IP 不同',
    'similar-site': '4. 相似站点（镜像）',
  },
  fpStoreNote: (records, stored, largest, sim, shared, sites, pairs, found, groups, notExamined) =>
    `${records} 条记录共存 ${stored} 个 URL（最多的一条存 ${largest} 个）。镜像判定：${sites} 个站点，比较了 ${pairs} 对有共同路径的站点，其中 ${found} 对相似度 ≥ ${sim} 且共有路径 ≥ ${shared} 条，组成 ${groups} 个镜像组；每组保留最先存入的站点，丢弃其余站点上与它路径相同的 URL。` +
    (notExamined ? `只比较了最先存入的 URL，另有 ${notExamined} 个未比较。` : ''),
  fpMirrorPair: (kept, mirror, shared, sim) => `${mirror} 是 ${kept} 的镜像：共有路径 ${shared} 条，相似度 ${sim}`,
  fpNotUrls: (n, at) => `${n} 行不是带主机名的 URL（${at}）：在此单独统计，不计入上面这些计数，绝不会被悄悄丢弃。`,
  fpReplayTitle: 'P3 的爬虫线程：回放',
  fpReplayIntro:
    'P3 §3.3：一个或几个线程负责一个域，指向别的域的链接交给负责该域的线程；线程写入时只锁指纹库的一部分，写之前先查有没有。这里把载入的前 12 个 URL 按注册域名分给两个线程，一步一步地运行。',
  fpReplayLocking: '加锁方式',
  fpReplayGlobal: '一把全局锁',
  fpReplayPartial: 'P3 的部分锁（每个线程一部分）',
  fpReplayPrev: '上一步',
  fpReplayNext: '下一步',
  fpReplayPlay: '播放',
  fpReplayPause: '暂停',
  fpReplayThread1: '线程 1',
  fpReplayThread2: '线程 2',
  fpReplayActions: {
    ready: '就绪',
    wait: '等锁',
    check: '持有锁，查库',
    write: '写入指纹，释放锁',
    duplicate: '库里已有：丢弃该 URL，释放锁',
    done: '完成',
  },
  fpReplayDealt: (n) => `分到本线程域名的 URL ${n} 个`,
  fpReplayStep: (i, n) => `第 ${i} 步，共 ${n} 步`,
  fpReplayLock: (locking, holders) =>
    locking === 'global'
      ? `全局锁：${holders[0] === null ? '空闲' : `由线程 ${holders[0]} 持有`}`
      : `部分锁：${holders.map((h, i) => `第 ${i + 1} 部分${h === null ? '空闲' : `由线程 ${h} 持有`}`).join('，')}`,
  fpReplayStore: (n, urls) => `指纹库：${n} 个指纹（共回放 ${urls} 个 URL）`,
  fpReplaySummary: (locking, steps, waits, distinct, dups) =>
    `${locking === 'global' ? '全局锁' : '部分锁'}：共 ${steps} 步，其中 ${waits} 步有线程在等锁；库里有 ${distinct} 个不同的 URL，丢弃了 ${dups} 个重复的，与单线程结果相同。`,
  fpReplayCaption:
    '这是按规则回放，不是测量：每一步每个线程做一件事；查库和写入在锁内各占一步；两个线程都想要同一把空闲的锁时，等得久的先拿到。真实线程的用时请用命令行测量：urlhash paper p3 --threads。',
  fpThreadsTitle: 'P3 的爬虫线程：命令行的实测',
  fpThreadsIntro:
    '上面的回放只是按规则推演；这里是共享一个指纹库的真实线程（src/adapters/native/threads.rs）：一把全局锁；P3 的部分锁（每个可注册域名一把；P3 允许“一个或几个线程负责一个域”，“如让10个线程负责…域”，本实验室两种都运行：每个域名只交给一个线程，此时没有两个线程争用库的同一部分；所有线程负责每个域，此时它们在这个域的锁上互相等待）；以及按指纹分片，作为现代的参照。网页要启动共享同一个库的线程，需要静态主机不会发送的响应头，所以页面显示命令的数字：一次记录下来的运行，或者你自己的。',
  fpThreadsRecorded: (command, day, cores, cpu, os) => `用 ${command} 于 ${day} 记录：${cores} 个核（${cpu}），${os}。耗时取决于机器以及机器上同时在跑的程序。`,
  fpThreadsLoaded: (name, urls) => `来自 ${name}：你自己的运行，${urls} 个 URL。`,
  fpThreadsHead: ['锁', '线程数', '每秒 URL 数', '相对单线程全局锁的倍数', '争用次数', '等待，ms', '每个线程的 URL 数', '找到的不同 URL'],
  fpThreadsLocking: { global: '一把全局锁', partial: 'P3 的部分锁', sharded: '分片（参照）' },
  fpThreadsNote: (threads, globalRate, globalWaits, partialRate, partialWaits, same, distinct) =>
    `${threads} 个线程时，全局锁被争用 ${globalWaits} 次（每秒 ${globalRate} 个 URL）；P3 的部分锁被争用 ${partialWaits} 次（每秒 ${partialRate} 个）：每个线程负责自己的域名，两个线程从不争用库的同一部分。${same ? `每次运行找到的不同 URL 都与单线程相同，共 ${distinct} 个。` : '各次运行找到的不同 URL 数不一致：有 URL 丢失，命令的测试不允许这种情况。'}`,
  fpThreadsShared: (locking, n) => `${locking}，${n} 个线程负责每个域`,
  fpThreadsOneCore: '这次运行只有一个核：没有两个线程同时运行。',
  fpThreadsFileLabel: '也可以载入你自己的运行结果，即这条命令输出的 JSON：',
  fpThreadsFileCommand: 'urlhash paper p3 --threads --json',
  fpThreadsFileButton: '打开你的运行结果…',
  fpThreadsBack: '显示记录下来的运行',
  fpThreadsBadFile: (name, why) => `${name} 不是 urlhash paper p3 --threads --json 的输出：${why}。仍显示记录下来的运行。`,
  fpThreadsWhy: {
    'not-json': '它不是 JSON',
    'no-threads': '它没有“threads”列表（是否给了 --threads？）',
    'bad-run': '“threads”列表中有一次运行缺少锁的种类、线程数或数字',
  },
  claims: {
    heading: '论断清单：五篇论文的每一项',
    intro:
      '五篇论文的每个表格、图、公式、数字、过程和结论，用论文自己的原话列出，并说明实验室怎样对待它。实测：在载入的 URL 上计算，与印刷值并列显示（点链接查看）。有误：论文在这里有错或自相矛盾，并给出证据。仅引用：无法运行，并说明原因。命令 urlhash claims 打印同样的清单，并在一个文件上实测每个“实测”项的值。',
    status: { live: '实测', flagged: '有误', quoted: '仅引用' },
    statusTip: {
      live: '在输入上实测，与印刷值并列显示',
      flagged: '论文在这里有错或自相矛盾：证据',
      quoted: '只引用原文：说明为何无法运行',
    },
    kind: { table: '表格', figure: '图', formula: '公式', number: '数字', procedure: '过程', conclusion: '结论', context: '背景' },
    filterLabel: '显示哪些论断',
    all: '全部',
    countsHead: ['论文', '项数', '实测', '有误', '仅引用'],
    total: '五篇合计',
    paper: {
      1: 'P1 · 李晓明、凤旺森（2004）：两种对 URL 的散列效果很好的函数',
      2: 'P2 · 李村合、何淑庆、张培颖：两种适用于中文信息搜集的 URL 散列函数的研究',
      3: 'P3 · 杨海东、叶小岭、张颖超（2006）：基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除',
      4: 'P4 · 吴小惠（2009）：分布式网络爬虫 URL 去重策略的改进',
      5: 'P5 · 吴家奇等（2018）：基于 Counting Bloom Filter 的海量网页快速去重研究',
    },
    paperCounts: (n, live, flagged, quoted) => `共 ${n} 项：实测 ${live}，有误 ${flagged}，仅引用 ${quoted}`,
    printed: '印刷值',
    measured: '实测值',
    words: '原文',
    see: '查看实测',
    seeEvidence: '查看证据',
    computedBy: (report, field) => `urlhash paper ${report} --json 的字段 ${field}`,
    loadFailed: '清单未能载入：请重新打开这个视图，或重新载入页面。',
    loading: '正在读取清单…',
    none: '没有这种状态的论断。',
    fileLabel: '显示你的命令实测的值：载入它输出的',
    fileButton: '打开它的 JSON…',
    forget: '隐藏这些值',
    source: (name, input) => `实测值来自 ${name}：urlhash claims 在 ${input} 上的运行。它们属于那份输入，不是这里载入的 URL。`,
    badFile: (name) => `${name} 不是 urlhash claims --json 的输出（需要一个“claims”列表，每项有 id 和 value）。没有改动任何内容。`,
  },
  fpCanonTitle: '规范化：同一个页面，多种写法',
  fpCanonIntro:
    '爬虫在计算指纹之前会改写 URL。下面在同样的行上列出每种改写单独的效果、八种一起的效果，以及你勾选的几种一起的效果。“合并”统计变成重复的行数。',
  fpCanonHead: ['勾选以组合', '作用', '改写后的不同数', '合并', '改变的行数'],
  fpCanonBefore: (lines, distinct) => `${lines} 个 URL 行，按原样计有 ${distinct} 个不同 URL。`,
  fpCanonAll: '八种一起',
  fpCanonTicked: (n) => `勾选的 ${n} 种一起`,
  fpCanonTickedWhat: '上面勾选的改写，一起应用',
  fpCanonNoneTicked: '没有勾选：按原样的行',
  fpCanonCounting: '正在计数…',
  fpToggleName: {
    'add-scheme': '补上协议',
    'lowercase-host': '主机名改小写',
    'drop-default-port': '去掉默认端口',
    'drop-fragment': '去掉片段',
    'trailing-slash': '统一末尾斜杠',
    'drop-www': '去掉 www.',
    'sort-query': '查询参数排序',
    'drop-session-ids': '去掉会话 ID',
  },
  fpToggle: {
    'add-scheme': '没有协议的行前加 http://',
    'lowercase-host': '协议和主机名改小写',
    'drop-default-port': 'http 去掉 :80，https 去掉 :443',
    'drop-fragment': '去掉 #片段',
    'trailing-slash': '空路径 → /，其他路径去掉末尾的 /',
    'drop-www': '去掉开头的 www.',
    'sort-query': '对查询参数排序',
    'drop-session-ids': '去掉会话 ID（jsessionid、PHPSESSID、sid 令牌等）',
  },
};
