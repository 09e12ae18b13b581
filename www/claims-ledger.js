// The claims ledger of src/papers/claims, written by its test (BLESS=1 cargo test --profile quick
// --lib claims): do not edit. The Claims view (www/views/claims-view.js) loads it.
/** @type {import('./protocol.js').Claim[]} */
export const CLAIMS = [
  {
    "id": "p1.1",
    "section": "§1.2",
    "kind": "procedure",
    "words": "h=(h<<4) + *url++;",
    "printed": "",
    "topic": {
      "en": "ELFhash, the C as printed",
      "zh": "ELFhash，按原文代码"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/low_nibble_is_last_byte",
      "view": "why-cards",
      "note": {
        "en": "ELFhash runs as printed, bit for bit as gcc compiles it on x86-64 (signed char, 32-bit unsigned arithmetic; tests/integration/differential_c.rs). The value is a property of that code: the share of URLs whose ELFhash low 4 bits equal those of their last byte, 1.0 (the fold only touches bits 4 to 7).",
        "zh": "ELFhash 按原文代码运行，与 gcc 在 x86-64 上编译的结果逐位相同（char 有符号，unsigned int 按 32 位截断；见 tests/integration/differential_c.rs）。该值是这段代码的一个性质：ELFhash 的低 4 位等于最后一个字节低 4 位的 URL 所占比例，为 1.0（折叠只涉及第 4 到 7 位）。"
      }
    }
  },
  {
    "id": "p1.2",
    "section": "§1.2",
    "kind": "procedure",
    "words": "b[i%4]^=url[i];",
    "printed": "",
    "topic": {
      "en": "HfIp, the C as printed",
      "zh": "HfIp，按原文代码"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hfip_zero_bits/urls_with_high_bit",
      "view": "why-cards",
      "note": {
        "en": "HfIp runs as printed, bit for bit (b = (char*)&n read little-endian, as on x86). The value: for bits 7, 15, 23 and 31 of n, how many URLs set the bit; only non-ASCII bytes can set them, so an all-ASCII list gives 0 for all four.",
        "zh": "HfIp 按原文代码运行，逐位相同（b = (char*)&n 按小端读取，与 x86 一致）。该值：n 的第 7、15、23、31 位分别被多少个 URL 置 1；只有非 ASCII 字节能置这些位，所以全是 ASCII 的 URL 序列四个数都是 0。"
      }
    }
  },
  {
    "id": "p1.3",
    "section": "§1.2",
    "kind": "procedure",
    "words": "result += c*3*i;",
    "printed": "",
    "topic": {
      "en": "_hf, the C as printed",
      "zh": "_hf，按原文代码"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/share_multiple_of_3",
      "view": "why-cards",
      "note": {
        "en": "_hf runs as printed, bit for bit, with gcc's -fwrapv reading of its two undefined corners: result += c*3*i overflows int for URLs longer than about 3 400 bytes, and -INT_MIN in “result = −result” (the scan prints the minus as “−”). The value: the share of URLs whose hf value is a multiple of 3; the factor 3 in c*3*i makes it 1.0 unless some URL is long enough to overflow.",
        "zh": "_hf 按原文代码运行，逐位相同；它有两处未定义行为，实验室取 gcc -fwrapv 的解释：URL 长于约 3 400 字节时 result += c*3*i 使 int 溢出，以及「result = −result」中的 -INT_MIN（扫描件把负号印成「−」）。该值：hf 值为 3 的倍数的 URL 所占比例；c*3*i 中的因子 3 使它为 1.0，除非有 URL 长到使 int 溢出。"
      }
    }
  },
  {
    "id": "p1.4",
    "section": "§1.1",
    "kind": "formula",
    "words": "考虑所有的槽,我们可以用下面的平均存储访问次数来表示散列函数 F 的查询性能测度,越小越好",
    "printed": "A = Σ Ni(Ni+1)/2 / N",
    "topic": {
      "en": "measure A: mean memory accesses per lookup",
      "zh": "测度 A：平均存储访问次数"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/points/1",
      "view": "measures-table",
      "note": {
        "en": "HfIp's A at M = 200 000 at Fig. 1's first checkpoint (N = 500 000, or the whole input when it is smaller), in memory accesses per lookup: compare it with A(opt) = (N/M + 1)/2 and a random function's 1 + (N − 1)/2M at the same N. The lab reads A as Σ Ni(Ni+1)/2 divided by N, the formula the surviving Ni(Ni+1)/2 and the table's A(opt) both fit; the measures table gives A for every function at the chosen M.",
        "zh": "HfIp 在 M = 200 000 时的 A，取图 1 的第一个检查点（N = 500 000；输入更少时取全部输入），单位是每次查询的存储访问次数：与同一 N 下的 A(opt) = (N/M + 1)/2 和随机函数的 1 + (N − 1)/2M 比较。实验室把 A 读作 Σ Ni(Ni+1)/2 除以 N，这是与残存的 Ni(Ni+1)/2 和表中 A(opt) 都相符的公式；测度表给出所选 M 下每个函数的 A。"
      }
    }
  },
  {
    "id": "p1.5",
    "section": "§1.1",
    "kind": "formula",
    "words": "做一定的规格化,我们用 […] 来作为 F 的负载平衡性能测度,这个量也可以解释成抓取一个网页所要消耗的平均机器时间,越小越好",
    "printed": "B = M·max(Ni)/N; extremes 1 and M; max(Ni) = B·N/M",
    "topic": {
      "en": "measure B: the fullest machine against the mean",
      "zh": "测度 B：最满的机器与平均负载之比"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/b_m8",
      "view": "measures-table",
      "note": {
        "en": "B measured: ELFhash at M = 8 after the whole input, the fullest machine's load over the mean load. B runs from 1 (max(Ni) = N/M) to M (every URL on one machine), as P1 says; the measures table gives B for every function at the chosen M.",
        "zh": "实验室实测的 B：全部输入散列到 M = 8 时 ELFhash 的 B，即最满的机器的负载与平均负载之比。B 介于 1（max(Ni) = N/M）与 M（所有 URL 在一台机器上）之间，与 P1 所说一致；测度表给出所选 M 下每个函数的 B。"
      }
    }
  },
  {
    "id": "p1.6",
    "section": "§1.1",
    "kind": "formula",
    "words": "同样,我们不难看出它的极值分别为 1 和 M",
    "printed": "",
    "topic": {
      "en": "A's extremes, lost in the scan",
      "zh": "A 的极值（扫描件中已丢失）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/0/a_max",
      "view": "why-cards",
      "note": {
        "en": "A(max) = (N + 1)/2, every URL in one slot, at the table's first N (250 000.5 at N = 500 000); A's other extreme, A(opt), is /table/0/a_opt_formula. The sentence quoted gives B's extremes; its “同样” (likewise) shows A's were printed before it, and the scan lost them with A's formula.",
        "zh": "A(max) = (N + 1)/2，即所有 URL 都在一个槽里，取表中第一个 N（N = 500 000 时为 250 000.5）；A 的另一个极值 A(opt) 见 /table/0/a_opt_formula。所引的句子给出的是 B 的极值；其中的「同样」说明前面也印出了 A 的极值，扫描件连同 A 的公式一起丢失了。"
      }
    }
  },
  {
    "id": "p1.7",
    "section": "§2",
    "kind": "formula",
    "words": "其中最优 A 值可由前面的测度表达式定义计算出",
    "printed": "(N/M + 1)/2",
    "topic": {
      "en": "A(opt), the optimum of A",
      "zh": "A(opt)：A 的最优值"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/0/a_opt_formula",
      "view": "why-cards",
      "note": {
        "en": "A(opt) by (N/M + 1)/2 at the table's first N (1.75); column k is /table/k/a_opt_formula. It matches every printed A(opt) but 2.75 (p1.15).",
        "zh": "按 (N/M + 1)/2 计算的 A(opt)，取表中第一个 N（1.75）；第 k 列见 /table/k/a_opt_formula。除 2.75 外（p1.15），与印出的每个 A(opt) 都相符。"
      }
    }
  },
  {
    "id": "p1.8",
    "section": "§2 表",
    "kind": "number",
    "words": "A(opt) 1.75",
    "printed": "1.75",
    "topic": {
      "en": "A(opt) with whole-number loads",
      "zh": "按整数负载计算的 A(opt)"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/0/a_opt_whole",
      "view": "why-cards",
      "note": {
        "en": "The least A whole-number loads allow at N = 500 000, M = 200 000: 1.80. (N/M + 1)/2 puts 2.5 URLs in every slot; at best half the slots hold 2 and half 3, so 1.75 cannot be reached (likewise 4.267, not 4.25, at N = 1 500 000 and 6.76, not 6.75, at 2 500 000).",
        "zh": "N = 500 000、M = 200 000 时整数负载所能达到的最小 A：1.80。(N/M + 1)/2 让每个槽装 2.5 个 URL；最好也只能一半的槽装 2 个、一半装 3 个，所以 1.75 达不到（同理，N = 1 500 000 时是 4.267 而不是 4.25，2 500 000 时是 6.76 而不是 6.75）。"
      }
    }
  },
  {
    "id": "p1.9",
    "section": "§2",
    "kind": "number",
    "words": "特别地,我们注意到 HfIp 和最优值相当接近",
    "printed": "",
    "topic": {
      "en": "A of a random function: the yardstick P1 lacks",
      "zh": "随机函数的 A：P1 缺少的参照"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/0/a_random",
      "view": "why-cards",
      "note": {
        "en": "The lab's addition: the A a uniformly random function averages, 1 + (N − 1)/2M, 2.25 at N = 500 000. “Close to the optimum” needs this yardstick: a random function averages 0.5 above A(opt) at every N, and at M = 200 000 its A strays from that mean by only about 0.002 (1/√(2M)).",
        "zh": "实验室的补充：均匀随机函数的平均 A，1 + (N − 1)/2M，N = 500 000 时为 2.25。说「接近最优」需要这个参照：在任何 N 下随机函数平均都比 A(opt) 高 0.5，而 M = 200 000 时它的 A 偏离这一均值只有约 0.002（1/√(2M)）。"
      }
    }
  },
  {
    "id": "p1.10",
    "section": "§1.3、图 1",
    "kind": "figure",
    "words": "对信息查询应用,我们分别取槽数 M=20,80,100,200(单位:万),以 50 万为间隔,以 N=50 万,100 万,…,2000 万个 url 为输入执行散列函数,得到测度 A",
    "printed": "M = 20, 80, 100, 200 万 (captions A(1)–A(4): M=200000 … 2000000); N = 50 万 … 2000 万, step 50 万; 3×40 points per M",
    "topic": {
      "en": "Fig. 1's grid",
      "zh": "图 1 的实验网格"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/points/0",
      "view": "fig1-chart",
      "note": {
        "en": "The first point of Fig. 1: ELFhash's A at M = 200 000 at the first checkpoint. /points holds every checkpoint of Fig. 1 and Fig. 2 at P1's M, one every 500 000 URLs as P1 took them and one at the end of the input (the page takes about 40 points over the input): P1's 20 million URLs give 40 points per curve, an input under 500 000 URLs one.",
        "zh": "图 1 的第一个点：ELFhash 在 M = 200 000、第一个检查点处的 A。/points 含图 1 和图 2 在 P1 各个 M 下的全部检查点，与 P1 一样每 500 000 个 URL 一个，输入结束处再取一个（网页在输入上约取 40 个点）：P1 的 2 000 万个 URL 每条曲线得到 40 个点，不足 500 000 个 URL 的输入只有一个。"
      }
    }
  },
  {
    "id": "p1.11",
    "section": "§1.3、图 2",
    "kind": "figure",
    "words": "对负载平衡应用,我们分别取槽数 M=8,10,12,40,同样也是以 50 万为间隔,以 N=50 万,100 万,…,2000 万个 url 为输入执行散列函数,得到测度 B",
    "printed": "M = 8, 10, 12, 40; N = 50 万 … 2000 万, step 50 万; 3×40 points per M",
    "topic": {
      "en": "Fig. 2's grid",
      "zh": "图 2 的实验网格"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/b_by_m",
      "view": "fig2-chart",
      "note": {
        "en": "hf's B at Fig. 2's four M after the whole input, as (M, B) pairs; HfIp's and ELFhash's stand beside it in the report, and the page's Fig. 2 draws the three curves over N. Read each against 1, the optimum.",
        "zh": "全部输入下 hf 在图 2 四个 M 上的 B，以 (M, B) 对给出；HfIp 和 ELFhash 的在报告中与之并列，网页上的图 2 画出三条随 N 变化的曲线。每个值都与最优值 1 比较。"
      }
    }
  },
  {
    "id": "p1.12",
    "section": "图 2",
    "kind": "figure",
    "words": "B(1): M=80000 […] B(4): M=400000",
    "printed": "M = 80000, 100000, 120000, 400000 (text: 8, 10, 12, 40)",
    "topic": {
      "en": "Fig. 2's captions against its text",
      "zh": "图 2 的图题与正文不符"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/fig2_captions",
      "view": "why-cards",
      "note": {
        "en": "Each caption's M beside the text's, with a random function's B at P1's 20 000 000 URLs: 1.29 to 1.73 at the captions' M, 1.001 to 1.003 at 8 to 40 machines. Fig. 2 plots HfIp below 1.1, so the captions are the misprint: they carry Fig. 1's 万 over (8 万 = 80 000). The Why? card and urlhash paper p1 say so.",
        "zh": "每个图题的 M 与正文的 M 并列，并给出随机函数在 P1 的 20 000 000 个 URL 上的 B：按图题的 M 为 1.29 到 1.73，按 8 到 40 台机器为 1.001 到 1.003。图 2 画出的 HfIp 低于 1.1，所以印错的是图题：沿用了图 1 的「万」（8 万 = 80 000）。「为什么？」卡片和 urlhash paper p1 都指出了这一点。"
      }
    }
  },
  {
    "id": "p1.13",
    "section": "§2、图 3",
    "kind": "figure",
    "words": "对负载平衡应用,我们分别取槽数 M=11,12,14,16,18,以 1 万为间隔,以 N=1 万,2 万,…,40 万个 url 为输入执行散列函数 hf,得到测度 B",
    "printed": "40 万; M = 11, 12, 14, 16, 18; N = 1 万 … 40 万",
    "topic": {
      "en": "Fig. 3's grid",
      "zh": "图 3 的实验网格"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/b_by_m/2",
      "view": "fig3-chart",
      "note": {
        "en": "hf's B at M = 12, the one M Fig. 3 shares with Fig. 2; a B near 3 means hf uses only the slots 0, 3, 6 and 9 (p1.36). The whole grid is urlhash sweep --fig 3 (400 000 URLs drawn at random, a point every 10 000) and the page's Fig. 3; paper p1's report holds no B at M = 11, 14, 16 or 18.",
        "zh": "hf 在 M = 12 时的 B，这是图 3 与图 2 唯一共有的 M；B 接近 3 说明 hf 只用到 0、3、6、9 这几个槽（p1.36）。完整的网格由 urlhash sweep --fig 3（随机抽取 400 000 个 URL，每 10 000 个一个点）和网页上的图 3 给出；paper p1 的报告中没有 M = 11、14、16、18 的 B。"
      }
    }
  },
  {
    "id": "p1.14",
    "section": "§2 表",
    "kind": "table",
    "words": "例如,在 M=20 万的情形下,我们有下面的对比(其中最优 A 值可由前面的测度表达式定义计算出)",
    "printed": "N 500 000 … 20 000 000; A(opt) 1.75 2.75 4.25 5.5 6.75 8.00 … 50.50; HfIp 1.89 3.23 4.54 5.85 7.01 8.31 … 51.75",
    "topic": {
      "en": "the table: A(opt) and HfIp at M = 20 万",
      "zh": "对比表：M = 20 万时的 A(opt) 与 HfIp"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table",
      "view": "why-cards",
      "note": {
        "en": "P1's seven columns, each with the printed A(opt) and HfIp beside A(opt) by the formula and with whole loads, a random function's A and A(max), and the A of HfIp, hf and ELFhash measured once the input reaches that N (null while the input is shorter). Fig. 1 at M = 200 000 draws the printed values as hollow points.",
        "zh": "P1 表的七列，每列把印出的 A(opt) 和 HfIp 与按公式及按整数负载计算的 A(opt)、随机函数的 A、A(max) 并列；输入达到该 N 时还给出 HfIp、hf 和 ELFhash 的实测 A（输入不足该 N 时为 null）。图 1 在 M = 200 000 时以空心点画出印出的值。"
      }
    }
  },
  {
    "id": "p1.15",
    "section": "§2 表",
    "kind": "number",
    "words": "A(opt) 1.75 2.75 4.25 5.5 6.75 8.00 … 50.50",
    "printed": "2.75",
    "topic": {
      "en": "the A(opt) misprint at N = 100 万",
      "zh": "N = 100 万处 A(opt) 的印刷错误"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/misprint",
      "view": "why-cards",
      "note": {
        "en": "At N = 1 000 000, M = 200 000 P1 prints 2.75; its own formula (N/M + 1)/2 gives 3.00, and every other column agrees with the formula: a misprint. The Why? card, lesson P1 and urlhash paper p1 say so.",
        "zh": "N = 1 000 000、M = 200 000 时 P1 印出 2.75；它自己的公式 (N/M + 1)/2 给出 3.00，其余各列都与公式相符：这是印刷错误。「为什么？」卡片、P1 课程和 urlhash paper p1 都指出了这一点。"
      }
    }
  },
  {
    "id": "p1.16",
    "section": "§2 表",
    "kind": "number",
    "words": "HfIp 1.89 3.23 4.54 5.85 7.01 8.31 … 51.75",
    "printed": "1.89 3.23 4.54 5.85 7.01 8.31 … 51.75",
    "topic": {
      "en": "HfIp printed below a random function",
      "zh": "印出的 HfIp 低于随机函数"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/0",
      "view": "why-cards",
      "note": {
        "en": "The first column: HfIp printed 1.89 beside a random function's 2.25 and the least whole-load A, 1.80; up to N = 3 000 000 every printed HfIp lies 0.15 to 0.36 below a random function's A, which at M = 200 000 strays from its mean by only about 0.002. One particular list can be spread that evenly (runs of URLs differing only in a counter), not the average over lists. The measured hfip appears once the input reaches 500 000 URLs: compare it with a_random, the yardstick, not with 1.89.",
        "zh": "第一列：印出的 HfIp 1.89，与随机函数的 2.25 和整数负载下的最小 A 1.80 并列；N 不超过 3 000 000 时，印出的 HfIp 都比随机函数的 A 低 0.15 到 0.36，而 M = 200 000 时随机函数的 A 偏离其均值只有约 0.002。某一特定序列可以分得这样均匀（比如只差一个计数器的成串 URL），对各种序列平均则不能。输入达到 500 000 个 URL 时才有实验室实测的 hfip：应与 a_random 这一参照比较，而不是与 1.89 比较。"
      }
    }
  },
  {
    "id": "p1.17",
    "section": "§2、图 1",
    "kind": "conclusion",
    "words": "HfIp 散列函数具有绝对的优势,在所有情况下都是最好的",
    "printed": "",
    "topic": {
      "en": "HfIp best in every case (A)",
      "zh": "HfIp 在所有情况下最好（A）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_bounded_range/hfip_a",
      "view": "fig1-chart",
      "note": {
        "en": "HfIp's A at M = 2 000 000 after the whole input, in memory accesses per lookup; hf's stands beside it in the report, and Fig. 1 draws all three functions at P1's four M. “Best in every case” holds on this input only where HfIp's curve lies under the other two at every M, and it can mean P1's four M only: at a power of two of at least 256 HfIp leaves half of the slots or more almost unused for ASCII URLs (p1.23).",
        "zh": "全部输入散列到 M = 2 000 000 时 HfIp 的 A，单位是每次查询的存储访问次数；hf 的在报告中与之并列，图 1 画出三个函数在 P1 四个 M 上的曲线。只有 HfIp 的曲线在每个 M 上都低于另两条，「在所有情况下都是最好的」才在本输入上成立，而且只能指 P1 的四个 M：M 为不小于 256 的 2 的幂时，对 ASCII URL，HfIp 有一半乃至更多的槽几乎用不上（p1.23）。"
      }
    }
  },
  {
    "id": "p1.18",
    "section": "§2、图 1",
    "kind": "conclusion",
    "words": "hf 的性能在 M 较小的情况下与 HfIp 相当,比 ELFhash 要好;但随着 M 的增大,hf 的相对性能逐步下降,最后比 ELFhash 要差",
    "printed": "",
    "topic": {
      "en": "hf degrades as M grows (A)",
      "zh": "hf 随 M 增大而变差（A）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_bounded_range/a",
      "view": "why-cards",
      "note": {
        "en": "hf's A at M = 2 000 000 after the whole input: compare it with HfIp's hfip_a beside it and with ELFhash's in Fig. 1 (P1 says hf ends worse than both). The cause: hf is a multiple of 3 no larger than 3·127·L(L+1)/2 for a URL of L bytes, so of the 2 000 000 slots it can reach only the multiples of 3 below that bound; the report's hf_bounded_range gives the slots it can reach and hits beside those a random function would hit.",
        "zh": "全部输入散列到 M = 2 000 000 时 hf 的 A：与并列的 HfIp 的 hfip_a 以及图 1 中 ELFhash 的 A 比较（P1 说 hf 最后比两者都差）。原因：对长 L 字节的 URL，hf 是不超过 3·127·L(L+1)/2 的 3 的倍数，所以 2 000 000 个槽中它只够得到这一上界以下的 3 的倍数；报告的 hf_bounded_range 给出它够得到和实际命中的槽数，并与随机函数会命中的槽数并列。"
      }
    }
  },
  {
    "id": "p1.19",
    "section": "§2、图 2",
    "kind": "conclusion",
    "words": "hf 在 M=8,10,40 时表现最好(比 HfIp 要好),但在 M=12 时最差(比 ELFhash 要差)",
    "printed": "",
    "topic": {
      "en": "hf best at M = 8, 10, 40, worst at M = 12 (B)",
      "zh": "hf 在 M = 8、10、40 时最好，在 M = 12 时最差（B）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3",
      "view": "why-cards",
      "note": {
        "en": "hf's and HfIp's B at Fig. 2's four M (b_by_m, hfip_b_by_m) and the slots hf hits at M = 12. The M = 12 half follows from the code: hf's values are multiples of 3, so it hits at most 4 of 12 slots and its B is at least 3 (p1.36); compare it with ELFhash's in the measures table. At 8, 10 and 40 compare the two lists: both are usually near 1, within 0.01 of each other is a tie on this input, and which is lower changes from list to list, so P1's ranking is no property of hf; the Why? card counts where hf is lower on the loaded URLs.",
        "zh": "hf 与 HfIp 在图 2 四个 M 上的 B（b_by_m、hfip_b_by_m），以及 M = 12 时 hf 命中的槽数。M = 12 这一半由代码决定：hf 的值都是 3 的倍数，12 个槽最多只命中 4 个，B 至少为 3（p1.36）；可在测度表中与 ELFhash 的 B 比较。M = 8、10、40 时请比较两组值：两者通常都接近 1，相差在 0.01 以内就算本输入上打平，而谁更低随 URL 序列而变，所以 P1 的排名不是 hf 的性质；「为什么？」卡片统计在已载入的 URL 上 hf 在几个 M 上更低。"
      }
    }
  },
  {
    "id": "p1.20",
    "section": "图 3",
    "kind": "figure",
    "words": "图 3 是这些数据的图示,可以很清楚地看到 hf 性能的波动",
    "printed": "",
    "topic": {
      "en": "Fig. 3: hf's fluctuation",
      "zh": "图 3：hf 性能的波动"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/b_by_m/2",
      "view": "fig3-chart",
      "note": {
        "en": "hf's B at M = 12. In Fig. 3 the “fluctuation” is by M, not by N: hf's values are multiples of 3, so at M = 12 and 18, which 3 divides, B is at least 3 at every N, while at 11, 14 and 16 hf can use every slot (urlhash sweep --fig 3 measures all five on the input). The page's Fig. 3 draws all five M; the report holds M = 12 only.",
        "zh": "M = 12 时 hf 的 B。图 3 中的「波动」随 M 而不随 N：hf 的值都是 3 的倍数，所以在 3 整除的 M = 12 和 18 时，每个 N 下 B 都至少为 3，而在 11、14、16 时 hf 能用到每个槽（urlhash sweep --fig 3 在输入上测出全部五个 M）。网页上的图 3 画出全部五个 M；报告中只有 M = 12。"
      }
    }
  },
  {
    "id": "p1.21",
    "section": "§2、图 2",
    "kind": "conclusion",
    "words": "它的 B 测度基本上都在 1.1 以下,接近 B 的最优值(即 1.0,与图的横轴重合).它最大的优点是稳定,对不同的 M 表现很一致",
    "printed": "< 1.1",
    "topic": {
      "en": "HfIp's B below 1.1, steady across M",
      "zh": "HfIp 的 B 在 1.1 以下，对不同 M 一致"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/hfip_b_by_m",
      "view": "fig2-chart",
      "note": {
        "en": "HfIp's B at M = 8, 10, 12, 40 after the whole input: read each against P1's 1.1 and against 1, the optimum; “steady” means the four lie close together. At the captions' M (80 000 to 400 000) no function could stay below 1.1 (p1.12).",
        "zh": "全部输入下 HfIp 在 M = 8、10、12、40 时的 B：每个值都与 P1 的 1.1 和最优值 1 比较；「稳定」指四个值彼此接近。若按图题的 M（80 000 到 400 000），任何函数都不可能低于 1.1（p1.12）。"
      }
    }
  },
  {
    "id": "p1.22",
    "section": "§2、图 2",
    "kind": "conclusion",
    "words": "ELFhash 的表现较差,B 值在 1~5 之间大范围波动",
    "printed": "1~5",
    "topic": {
      "en": "ELFhash's B between 1 and 5",
      "zh": "ELFhash 的 B 在 1~5 之间波动"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/b_by_m",
      "view": "why-cards",
      "note": {
        "en": "ELFhash's B at M = 8, 10, 12, 40 after the whole input, to read against P1's range of 1 to 5. The cause P1 does not give: ELFhash's low 4 bits are the URL's last byte's (p1.1), so at M = 8 the machine is the last character mod 8, and B predicted from the URL endings alone (/elf_clumps/b_m8_predicted) equals the measured B at M = 8.",
        "zh": "全部输入下 ELFhash 在 M = 8、10、12、40 时的 B，与 P1 所说的 1 到 5 比较。P1 没有给出的原因：ELFhash 的低 4 位就是 URL 最后一个字节的低 4 位（p1.1），所以 M = 8 时机器号就是最后一个字符 mod 8，仅由 URL 结尾预测的 B（/elf_clumps/b_m8_predicted）与 M = 8 时的实测 B 相同。"
      }
    }
  },
  {
    "id": "p1.23",
    "section": "§1.2",
    "kind": "procedure",
    "words": "b[i%4]^=url[i];",
    "printed": "",
    "topic": {
      "en": "HfIp's four zero bits (the lab's addition)",
      "zh": "HfIp 的四个零位（实验室的补充）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hfip_zero_bits/by_m/0",
      "view": "why-cards",
      "note": {
        "en": "Not in P1: ASCII bytes never set bits 7, 15, 23, 31 of HfIp's n, so at M = 256 only URLs with non-ASCII bytes can land in the half of the slots with bit 7 set, and likewise at M = 2^21 in the 75 % of slots with such a bit (/hfip_zero_bits/by_m/1). Compare share_of_urls with share_of_slots: a uniform function makes them equal. P1's own M (8 to 40, 20 万 to 200 万) are not powers of two, and there it does no harm.",
        "zh": "P1 中没有：ASCII 字节从不置 HfIp 的 n 的第 7、15、23、31 位，所以 M = 256 时，只有含非 ASCII 字节的 URL 能落进第 7 位为 1 的那一半槽；M = 2^21 时，含这些位的 75 % 的槽也是如此（/hfip_zero_bits/by_m/1）。请比较 share_of_urls 与 share_of_slots：均匀函数下两者相等。P1 自己的 M（8 到 40，20 万到 200 万）都不是 2 的幂，在这些 M 上没有影响。"
      }
    }
  },
  {
    "id": "p1.24",
    "section": "§1.3",
    "kind": "context",
    "words": "我们以天网搜索引擎搜集的 2 000 万个 url 序列为源数据",
    "printed": "2 000 万 (摘要: 2 000 多万); 燕穹产品号 YQ-URLLIST-2002-03",
    "topic": {
      "en": "the data: 20 million Tianwang URLs",
      "zh": "数据：天网搜集的 2 000 万个 URL"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "The lab does not have the Tianwang list (the footnote offers it free as 燕穹 product YQ-URLLIST-2002-03; no copy is known). It runs P1's experiments on its synthetic corpus or on a list the user loads, so what depends on P1's own list, such as HfIp below chance (p1.16), cannot be checked.",
        "zh": "实验室没有天网的 URL 序列（脚注说可以免费提供，燕穹产品号 YQ-URLLIST-2002-03；目前找不到副本）。实验室在自己合成的语料或用户载入的 URL 序列上重做 P1 的实验，所以依赖 P1 自己那份序列的结果，比如 HfIp 低于随机（p1.16），无法核对。"
      }
    }
  },
  {
    "id": "p1.25",
    "section": "引言",
    "kind": "context",
    "words": "我们注意到,这两种应用的要求是有区别的.前者追求的是查询效率,后者追求的是负载平衡",
    "printed": "",
    "topic": {
      "en": "two applications: a BFS visited-nodes table and a parallel crawl",
      "zh": "两种应用：先宽搜索的 visited-nodes 散列表与并行搜集"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Motivation: the lab runs neither a breadth-first search over a Web graph nor a parallel crawl for P1; it measures the two measures P1 derives from them, A (p1.4) and B (p1.5). P2's partition view simulates a crawl split over crawl nodes.",
        "zh": "研究动机：实验室没有为 P1 在 Web 图上做先宽搜索，也没有做并行搜集；它测量 P1 由这两种应用导出的两个测度 A（p1.4）和 B（p1.5）。P2 的划分视图模拟了在多个搜集节点间分配的搜集。"
      }
    }
  },
  {
    "id": "p1.26",
    "section": "§2 结论",
    "kind": "conclusion",
    "words": "(1) 无论出于信息查询还是负载平衡的需求,HfIp 都是很可靠的,可以首选使用",
    "printed": "",
    "topic": {
      "en": "conclusion (1): use HfIp",
      "zh": "结论 (1)：首选 HfIp"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/hfip_b_by_m",
      "view": "why-cards",
      "note": {
        "en": "HfIp's B at Fig. 2's M, to read against 1, the optimum, and P1's 1.1; its A at Fig. 1's M is p1.17's. Either way the conclusion can cover only the M P1 tried: at M a power of two of at least 256, HfIp leaves half of the slots or more almost unused for ASCII URLs (p1.23).",
        "zh": "HfIp 在图 2 各 M 上的 B，与最优值 1 和 P1 的 1.1 比较；它在图 1 各 M 上的 A 见 p1.17。无论如何，这一结论只能覆盖 P1 试过的 M：M 为不小于 256 的 2 的幂时，对 ASCII URL，HfIp 有一半乃至更多的槽几乎用不上（p1.23）。"
      }
    }
  },
  {
    "id": "p1.27",
    "section": "题目、摘要",
    "kind": "conclusion",
    "words": "同时推荐了两种对 URL 散列效果很好的函数",
    "printed": "",
    "topic": {
      "en": "title and abstract: two “very good” functions",
      "zh": "题目与摘要：两种「效果很好」的函数"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The title and abstract call both hf and HfIp very good for URLs, but P1's own §2 finds hf the worst of the three at M = 12 and concludes that it “有时可能效果很不好,需要小心”. The lab agrees with §2, and the cause is in the code: hf's values are multiples of 3, so at every M that 3 divides it uses at most a third of the slots and its B cannot fall below 3, on any list of URLs short enough not to overflow (p1.36). The Why? card and urlhash paper p1 show the measured B.",
        "zh": "题目和摘要称 hf 和 HfIp 对 URL 的散列效果都很好，但 P1 自己在第 2 节发现 M = 12 时 hf 是三者中最差的，并得出结论说它「有时可能效果很不好,需要小心」。实验室同意第 2 节，原因就在代码里：hf 的值都是 3 的倍数，所以凡是 3 整除的 M，它最多只用到三分之一的槽，只要 URL 不长到溢出，对任何 URL 序列它的 B 都不会低于 3（p1.36）。实测的 B 见「为什么？」卡片和 urlhash paper p1。"
      },
      "view": "why-cards"
    }
  },
  {
    "id": "p1.28",
    "section": "引言",
    "kind": "context",
    "words": "这项技术虽然发明于 50 年前,其间也有过不少非常系统、完整的研究工作[2],但直到近几年仍然有新的工作进展[3~5]",
    "printed": "50 年",
    "topic": {
      "en": "hashing's history",
      "zh": "散列技术的历史"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "History and citations: nothing to run.",
        "zh": "历史与引文：没有可以运行的内容。"
      }
    }
  },
  {
    "id": "p1.29",
    "section": "引言",
    "kind": "conclusion",
    "words": "其优化性能在很大程度上取决于输入键的结构",
    "printed": "",
    "topic": {
      "en": "a hash's quality depends on the keys' structure",
      "zh": "散列的效果取决于键的结构"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/top_last_bytes",
      "view": "why-cards",
      "note": {
        "en": "The URLs' most common last characters (up to six) and their shares of the input: with ELFhash at M = 8 they alone decide B (p1.22). HfIp's zero bits are the same lesson: URLs are almost all ASCII (p1.23).",
        "zh": "URL 最常见的最后一个字符（至多六个）及其在输入中的比例：ELFhash 在 M = 8 时的 B 完全由它们决定（p1.22）。HfIp 的零位说明的是同一件事：URL 几乎全是 ASCII（p1.23）。"
      }
    }
  },
  {
    "id": "p1.30",
    "section": "引言",
    "kind": "context",
    "words": "前者的散列槽数可能很大(对于千万量级的节点数,槽数可以大到百万量级),后者的散列槽数相比要小得多(并行系统中计算机台数)",
    "printed": "",
    "topic": {
      "en": "large M for lookups, small M for machines",
      "zh": "查询用大的 M，负载平衡用小的 M"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A premise of the design, not a result: the lab follows it in Fig. 1's M (20 万 to 200 万 slots, p1.10) and Fig. 2's (8 to 40 machines, p1.11).",
        "zh": "这是实验设计的前提，不是结果：实验室在图 1 的 M（20 万到 200 万个槽，p1.10）和图 2 的 M（8 到 40 台机器，p1.11）中照此设置。"
      }
    }
  },
  {
    "id": "p1.31",
    "section": "引言",
    "kind": "context",
    "words": "以及我们在“Web 信息博物馆”中使用的另一种函数",
    "printed": "",
    "topic": {
      "en": "the third function, used in the Web InfoMall",
      "zh": "第三个函数：用于 Web 信息博物馆"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Which function served the Web InfoMall is history. The introduction names ELFhash, Yan Hongfei and Xie Zhengmao's function for Tianwang (HfIp) and this one; §1.2 describes hf as Xie Zhengmao's, written to spread pages over several databases, so this is presumably hf.",
        "zh": "Web 信息博物馆用的是哪个函数，属于历史。引言列出 ELFhash、阎宏飞和谢正茂为天网设计的函数（HfIp）以及这一个；第 1.2 节说 hf 是谢正茂为在多个数据库中分布网页而设计的，所以这一个大概就是 hf。"
      }
    }
  },
  {
    "id": "p1.32",
    "section": "§1.2",
    "kind": "context",
    "words": "第 1 个取自文献[8],源于 UNIX System V,号称“实际生活散列函数中的典型魔术”",
    "printed": "",
    "topic": {
      "en": "ELFhash's origin: UNIX System V",
      "zh": "ELFhash 的来历：UNIX System V"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Provenance and a cited judgement: nothing to run. The lab runs the code itself (p1.1).",
        "zh": "来历与引用的评价：没有可以运行的内容。实验室运行的是代码本身（p1.1）。"
      }
    }
  },
  {
    "id": "p1.33",
    "section": "§1.2",
    "kind": "context",
    "words": "第 2 个是由阎宏飞和谢正茂采用折叠方法设计的,一直用在天网搜索引擎中,感觉负载平衡效果比较好,但没有系统评估过",
    "printed": "",
    "topic": {
      "en": "HfIp's origin: Tianwang",
      "zh": "HfIp 的来历：天网搜索引擎"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "History: HfIp's use in Tianwang. The load balance it was “felt” to have is what P1 goes on to measure; the lab measures it in p1.21.",
        "zh": "历史：HfIp 在天网中的使用。它「感觉」不错的负载平衡正是 P1 接下来要测量的；实验室的实测见 p1.21。"
      }
    }
  },
  {
    "id": "p1.34",
    "section": "§1.2",
    "kind": "context",
    "words": "第 3 个是谢正茂为了在多个数据库中分布网页设计的,也是出于负载平衡的目的,主要的一个考虑因素是实现简单",
    "printed": "",
    "topic": {
      "en": "hf's origin: spreading pages over databases",
      "zh": "hf 的来历：在多个数据库中分布网页"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "History: what hf was written for. How it balances load is measured in p1.19 and p1.36.",
        "zh": "历史：hf 当初的用途。它的负载平衡效果的实测见 p1.19 和 p1.36。"
      }
    }
  },
  {
    "id": "p1.35",
    "section": "§2 表",
    "kind": "conclusion",
    "words": "这些数据显示 HfIp 不仅很接近最优,而且相当稳定",
    "printed": "",
    "topic": {
      "en": "HfIp close to the optimum and steady",
      "zh": "HfIp 接近最优且相当稳定"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/table/6",
      "view": "why-cards",
      "note": {
        "en": "The last column, N = 20 000 000: A(opt) 50.50, a random function 51.00, HfIp printed 51.75. HfIp − A(opt) is 0.14 to 0.35 up to N = 3 000 000 (against the formula's 3.00 at N = 1 000 000), below the 0.5 of a random function, and 1.25 here, above it. Relative to A it is at most 8 %, so “close” holds; “steady” holds only in that sense: against chance the row moves from far below to far above.",
        "zh": "最后一列，N = 20 000 000：A(opt) 50.50，随机函数 51.00，印出的 HfIp 51.75。N 不超过 3 000 000 时 HfIp − A(opt) 为 0.14 到 0.35（N = 1 000 000 处按公式的 3.00 计），低于随机函数的 0.5；这里是 1.25，高于它。相对于 A 本身，差距至多 8 %，所以「接近」成立；「稳定」只在这个意义上成立：与随机相比，这一行从远低于随机变为远高于随机。"
      }
    }
  },
  {
    "id": "p1.36",
    "section": "§2、图 2",
    "kind": "conclusion",
    "words": "这种不稳定性的原因不清楚",
    "printed": "",
    "topic": {
      "en": "hf's instability: cause unknown",
      "zh": "hf 的不稳定性：原因不清楚"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/slots_hit_m12",
      "view": "why-cards",
      "note": {
        "en": "Slots hf hits at M = 12, out of 12: at most 4 (0, 3, 6, 9) unless some URL is long enough to overflow. The cause P1 calls unclear: hf returns |3·Σ c·i| mod M, a multiple of 3, so when 3 divides M only M/3 slots can be hit and B is at least 3: M = 12 in Fig. 2, 12 and 18 in Fig. 3. The Why? card, lesson P1 and urlhash paper p1 give it.",
        "zh": "M = 12 时 hf 命中的槽数（共 12 个）：除非有 URL 长到溢出，至多 4 个（0、3、6、9）。P1 说原因不清楚，其实是：hf 返回 |3·Σ c·i| mod M，是 3 的倍数，所以当 3 整除 M 时只有 M/3 个槽可能被命中，B 至少为 3：图 2 中是 M = 12，图 3 中是 12 和 18。「为什么？」卡片、P1 课程和 urlhash paper p1 都给出了这一原因。"
      }
    }
  },
  {
    "id": "p1.37",
    "section": "图 1 图例",
    "kind": "figure",
    "words": "Hflp",
    "printed": "Hflp",
    "topic": {
      "en": "the legend's “Hflp”",
      "zh": "图例中的「Hflp」"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The legend spells the function “Hflp” (lower-case L) where the text and the code say HfIp (capital I): a slip in the figure, or the scan reading I as l. The lab writes HfIp throughout.",
        "zh": "图例把函数写成「Hflp」（小写 L），而正文和代码都是 HfIp（大写 I）：是图中的笔误，或扫描识别把 I 认成了 l。实验室一律写作 HfIp。"
      },
      "view": ""
    }
  },
  {
    "id": "p1.38",
    "section": "§2 结论",
    "kind": "conclusion",
    "words": "(2) Hf 在有些情况下对负载平衡很好,但它对槽数的敏感性是一个值得注意的缺陷,有时可能效果很不好,需要小心",
    "printed": "",
    "topic": {
      "en": "conclusion (2): hf is sensitive to M",
      "zh": "结论 (2)：hf 对槽数敏感"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/hf_multiple_of_3/b_by_m",
      "view": "why-cards",
      "note": {
        "en": "hf's B at M = 8, 10, 12, 40 after the whole input: read M = 12 against 3, the least B hf can have when 3 divides M (p1.36), and the others against 1 and HfIp's (p1.19). The lab makes “sometimes” exact: hf is bad for load balance exactly when 3 divides M, and for lookups when M is large (p1.18).",
        "zh": "全部输入下 hf 在 M = 8、10、12、40 时的 B：M = 12 的值与 3 比较，这是 3 整除 M 时 hf 的 B 的下限（p1.36），其余的与 1 和 HfIp 的 B 比较（p1.19）。实验室把「有时」说清楚了：恰好在 3 整除 M 时 hf 的负载平衡差，M 很大时它的查询性能差（p1.18）。"
      }
    }
  },
  {
    "id": "p1.39",
    "section": "§2 结论",
    "kind": "conclusion",
    "words": "(3) 不推荐使用 ELFhash",
    "printed": "",
    "topic": {
      "en": "conclusion (3): avoid ELFhash",
      "zh": "结论 (3)：不推荐 ELFhash"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/b_by_m/0",
      "view": "why-cards",
      "note": {
        "en": "ELFhash's B at M = 8 after the whole input, to read against 1: the machine is the URL's last character mod 8 (p1.22), so a list whose URLs end in a few characters piles onto a few machines. Its A at Fig. 1's M is in the measures table and Fig. 1 (p1.17).",
        "zh": "全部输入下 M = 8 时 ELFhash 的 B，与 1 比较：机器号就是 URL 最后一个字符 mod 8（p1.22），所以 URL 结尾集中在少数几个字符上的序列会挤到少数几台机器上。它在图 1 各 M 上的 A 见测度表和图 1（p1.17）。"
      }
    }
  },
  {
    "id": "p2.1",
    "section": "§3.1 程序 (1)–(9)",
    "kind": "procedure",
    "words": "s = r; // 将结果值赋值给变量 s(4)",
    "printed": "",
    "topic": {
      "en": "site hash, the Java as printed",
      "zh": "站点散列函数，按原文代码"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/0/occupied",
      "view": "part-site-table",
      "note": {
        "en": "site-printed runs the Java as printed (checked against javac by tests/integration/differential_java.rs). After (4) s = r the while test (5) is false at once, so the fold (6)–(8) never runs and the raw 32-bit r comes back; only the last five characters survive its 7-bit shifts. The value: the slots of the 2^21-slot site table its hosts occupy (slot = r mod 2^21). Hosts with the same last five characters share a slot: on the 246 951-URL built-in corpus, 292 sites fill 11 slots.",
        "zh": "site-printed 按原文代码运行这段 Java（由 tests/integration/differential_java.rs 与 javac 对照）。(4) s = r 之后，(5) 的 while 条件一开始就不成立，所以 (6)–(8) 的折叠一次也不执行，返回的是 32 位的原始 r；经过每次 7 位的左移，r 里只剩下最后五个字符。该值：这些主机名在 2^21 个槽的站点表中占用的槽数（槽 = r mod 2^21）。最后五个字符相同的主机名落在同一个槽：在 246 951 个 URL 的内置语料上，292 个站点只占 11 个槽。"
      }
    }
  },
  {
    "id": "p2.2",
    "section": "§3.1 程序 (5)–(8)",
    "kind": "procedure",
    "words": "s = (s&0xFFE00000) >> 21; // 获取值的 32 […] ~22 位,并将获取值右移 21 位(7)",
    "printed": "",
    "topic": {
      "en": "site hash as described: low 7 bits, folded into 21 bits",
      "zh": "按文字描述的站点散列：取低 7 位，折叠到 21 位"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/2/collisions",
      "view": "part-site-table",
      "note": {
        "en": "site-java is the function the text describes: the low 7 bits of each character, r = (r << 7) + c, then the loop (6)–(8) run until r == s, with step (7)'s >> arithmetic as Java runs it (0x80000000 folds to 2 096 127). site-folded folds with an unsigned >>> instead (0x80000000 gives 1 024): the two put hosts in different slots but give the same counts. The value: site-table collisions (sites minus occupied slots) under site-java, where a random hash makes about 0.02. Hosts with one ending (.com.cn, .edu.cn) pile into a few slots: 240 collisions among 292 sites on the 246 951-URL corpus.",
        "zh": "site-java 就是文字所描述的函数：每个字符取低 7 位，r = (r << 7) + c，然后照 Java 的执行方式运行 (6)–(8) 的循环直到 r == s，其中第 (7) 步的 >> 是算术右移（0x80000000 折叠为 2 096 127）。site-folded 改用无符号的 >>> 折叠（0x80000000 得 1 024）：两者把主机名放进不同的槽，但各项计数相同。该值：site-java 下站点表的冲突数（站点数减已用槽数），随机散列约为 0.02。结尾相同的主机名（.com.cn、.edu.cn）挤进少数几个槽：在 246 951 个 URL 的语料上，292 个站点有 240 次冲突。"
      }
    }
  },
  {
    "id": "p2.3",
    "section": "§3.1 算法描述 ④",
    "kind": "procedure",
    "words": "④ 返回修正后结果值(程序 9)",
    "printed": "",
    "topic": {
      "en": "site hash, the lab's repair",
      "zh": "站点散列函数，本实验室的修正"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/3/collisions",
      "view": "part-site-table",
      "note": {
        "en": "site-repaired is the lab's, not P2's: the same 21-bit fold applied after every character, so that every character counts, not only the last five. The value: its site-table collisions, 0 on the built-in corpus, as a random hash gives at this α.",
        "zh": "site-repaired 是本实验室的，不是 P2 的：每读一个字符就做一次同样的 21 位折叠，于是每个字符都起作用，而不只是最后五个。该值：它在站点表中的冲突数，在内置语料上为 0，与随机散列在这个装填因子下的结果一样。"
      }
    }
  },
  {
    "id": "p2.4",
    "section": "§3.1 程序 (3)",
    "kind": "procedure",
    "words": "r = (r << 7) + (int) url.charAt(i); // 字符的 […] ASCII 码值与变量 r 相加后值左移七位(3)",
    "printed": "",
    "topic": {
      "en": "comment (3): add, then shift",
      "zh": "注释 (3)：先相加，再左移"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Comment (3) says the character's code is added to r and the sum shifted left seven bits, r = (r + c) << 7; the code shifts first and then adds, r = (r << 7) + c. The lab follows the code in every reading. In the comment's order the low 7 bits of r would always be 0 before the fold, and 32 bits would keep only the last four characters (the code keeps five), the oldest of them in part.",
        "zh": "注释 (3) 说字符的 ASCII 码值与 r 相加后再左移七位，即 r = (r + c) << 7；代码却是先左移再相加，r = (r << 7) + c。本实验室的各种读法都按代码。若按注释的顺序，折叠之前 r 的低 7 位永远是 0，32 位里只留下最后四个字符（按代码是五个），其中最早的一个还只剩一部分。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.5",
    "section": "§3.2 程序 (10)–(15)",
    "kind": "procedure",
    "words": "return r*s; // 返回结果值 r*s (15)",
    "printed": "",
    "topic": {
      "en": "path hash, the Java as printed",
      "zh": "路径散列函数，按原文代码"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/path_tables/0/collisions",
      "view": "part-path-table",
      "note": {
        "en": "path-printed runs the Java as printed (checked against javac), with the two mends it needs to run at all: url is read as the method's input path (p2.39), and return r*s is moved after the loop (p2.40). Every third character r = s and s = 0; the value returned is r·s. The value: URLs whose slot in their site's 2^15-slot path table (r·s mod 2^15) already holds another path of that site, beside a random hash's expected count (expected_collisions): 191 918 against 36 556 on the 246 951-URL corpus.",
        "zh": "path-printed 按原文代码运行这段 Java（与 javac 对照），只做了让它能运行的两处修补：把 url 读作方法的输入 path（p2.39），并把 return r*s 移到循环之后（p2.40）。每读到第三个字符就 r = s、s = 0；返回值是 r·s。该值：在所属站点 2^15 个槽的路径表中，其槽（r·s mod 2^15）已装有该站点另一条路径的 URL 数，旁边是随机散列的期望值（expected_collisions）：在 246 951 个 URL 的语料上为 191 918 对 36 556。"
      }
    }
  },
  {
    "id": "p2.6",
    "section": "§3.2 程序 (14)",
    "kind": "procedure",
    "words": "r=s; s=0; // 将 r 异或 s 的值赋值给 r,s 清 […] 零 (14)",
    "printed": "",
    "topic": {
      "en": "path hash as commented: XOR, low 5 bits",
      "zh": "按注释的路径散列：异或，取低 5 位"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/verdicts/1/b",
      "view": "part-verdicts",
      "note": {
        "en": "Line (14)'s code is r = s; its comment says r = r XOR s. path-xor follows the comment, and takes the low 5 bits of each character as §3.2 says (p2.37); it still returns r·s, as code and comment (15) both do, so it keeps the zeros of p2.8. The value: B of its split over the crawl nodes (3.19 on the 246 951-URL corpus at 7 nodes; Table 1: 1.0085).",
        "zh": "第 (14) 行代码是 r = s，注释却说 r = r 异或 s。path-xor 按注释做，并按 §3.2 的文字对每个字符取低 5 位（p2.37）；它仍然返回 r·s，因为代码和注释 (15) 都是这样，所以 p2.8 的那些 0 依然存在。该值：它在各搜集节点间划分的 B（在 246 951 个 URL 的语料上、7 个节点时为 3.19；表 1 为 1.0085）。"
      }
    }
  },
  {
    "id": "p2.7",
    "section": "§3.2 算法描述 ③",
    "kind": "procedure",
    "words": "③ 返回结果值 (程序 15)",
    "printed": "",
    "topic": {
      "en": "path hash, the lab's repair",
      "zh": "路径散列函数，本实验室的修正"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/verdicts/2/b",
      "view": "part-verdicts",
      "note": {
        "en": "path-repaired is the lab's, not P2's: the low 5 bits of three characters make a 15-bit word, and the words (the last, short one included) are XORed: a value in 0..2^15 − 1, the size of P2's path table, never 0 merely because of the length. The value: B of its split over the crawl nodes, as even as chance (1.0085, χ² p = 0.53 on the 246 951-URL corpus at 7 nodes), like the printed table.",
        "zh": "path-repaired 是本实验室的，不是 P2 的：每三个字符的低 5 位组成一个 15 位的字，各字（包括最后不满三个字符的那个）相互异或：得到 0..2^15 − 1 之间的值，正是 P2 路径表的大小，不会仅仅因为长度而为 0。该值：它在各搜集节点间划分的 B，与随机分配一样均匀（在 246 951 个 URL 的语料上、7 个节点时为 1.0085，χ² p = 0.53），和印出的表一样。"
      }
    }
  },
  {
    "id": "p2.8",
    "section": "§3.2 程序 (13)–(15)",
    "kind": "procedure",
    "words": "if(i%3==2) { // 每三位字符的 ASCII 码值为 […] 一组 (13)",
    "printed": "",
    "topic": {
      "en": "r·s is 0 for a third of the paths",
      "zh": "三分之一的路径 r·s 为 0"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/verdicts/0/zero_share",
      "view": "part-verdicts",
      "note": {
        "en": "The share of URLs whose printed path hash is 0: r·s is 0 when the path's length is a multiple of 3 (s was just reset) or under 3 (r is still 0). All of them go to node 1, so node 1 carries at least that share and B ≥ n × the share: 33.5 % and B ≥ 2.34 on the 246 951-URL corpus at 7 nodes (measured 3.17).",
        "zh": "原文路径散列值为 0 的 URL 所占比例：路径长度是 3 的倍数时（s 刚被清零）或不足 3 时（r 仍为 0），r·s 为 0。这些 URL 全部进入节点 1，所以节点 1 至少承担这一份额，B ≥ n × 该比例：在 246 951 个 URL 的语料上、7 个节点时为 33.5 %，B ≥ 2.34（实测 3.17）。"
      }
    }
  },
  {
    "id": "p2.9",
    "section": "§3.1",
    "kind": "formula",
    "words": "基于此特性,设定站点散列函数的表空间为 2 的 21 次幂(2097152)",
    "printed": "α = S/N < 0.75; N = 2^21 = 2097152",
    "topic": {
      "en": "site table of 2^21 slots, load factor α < 0.75",
      "zh": "2^21 个槽的站点表，装填因子 α < 0.75"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/2/load_factor",
      "view": "part-site-table",
      "note": {
        "en": "α = sites / 2^21 of the loaded input (0.000 14 for the 292 sites of the 246 951-URL corpus), far under 0.75; yet the site hash as described leaves 240 of those sites colliding (p2.2). A low α makes hashing good only with a hash that spreads the keys. P2's own site count gives α = 0.319 (p2.22).",
        "zh": "已载入输入的 α = 站点数 / 2^21（246 951 个 URL 的语料有 292 个站点，α 为 0.000 14），远低于 0.75；然而按文字描述的站点散列仍使其中 240 个站点发生冲突（p2.2）。装填因子低，只有在散列函数能把键分散开时才有好效果。按 P2 自己引用的站点数，α = 0.319（p2.22）。"
      }
    }
  },
  {
    "id": "p2.10",
    "section": "§3.2",
    "kind": "number",
    "words": "这个数值可以满足大多数的站点",
    "printed": "N = 2^15 = 32768",
    "topic": {
      "en": "path table of 2^15 slots per site",
      "zh": "每个站点 2^15 个槽的路径表"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/path_tables/0/load_bins",
      "view": "part-bins-table",
      "note": {
        "en": "Sites by the load factor of their path table (URLs / 2^15), in six bins. On the 246 951-URL corpus 291 of the 292 sites stay under 0.75 and one, www.nbkie.com with 44 405 paths, passes it (α = 1.36).",
        "zh": "按路径表装填因子（URL 数 / 2^15）分成六段的站点数。在 246 951 个 URL 的语料上，292 个站点中有 291 个低于 0.75，只有一个超过：www.nbkie.com，44 405 条路径（α = 1.36）。"
      }
    }
  },
  {
    "id": "p2.11",
    "section": "§3.2",
    "kind": "procedure",
    "words": "对几个少 […] 再次进行动态散列",
    "printed": "0.75N = 24576",
    "topic": {
      "en": "dynamic re-hash of sites past 0.75 · 2^15 paths",
      "zh": "路径超过 0.75 · 2^15 的站点再次动态散列"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/control/rehash/0/sites_rehashed",
      "view": "part-rehash-note",
      "note": {
        "en": "P2 says no more than this sentence. The lab's reading: a site's path table doubles each time it would pass 0.75 of its slots, and its paths are re-inserted. The value: sites re-hashed under the printed path hash (none on 100 000 corpus URLs; 1 on the 246 951-URL corpus, www.nbkie.com with 44 405 paths). Doubling cannot separate the third of the paths whose printed hash is 0, and frees nothing for the lab's 15-bit repaired hash: a table without chains would drop 20 236 of that site's paths before and after.",
        "zh": "P2 对此只说了这一句。本实验室的读法：站点的路径表每次将要超过其槽数的 0.75 时就加倍，其路径重新插入。该值：按原文路径散列被再散列的站点数（在 100 000 个语料 URL 上为 0；在 246 951 个 URL 的语料上为 1，即 www.nbkie.com，44 405 条路径）。加倍无法把原文散列值为 0 的那三分之一路径分开，对本实验室 15 位的修正散列也空不出任何槽：不带链的表在再散列前后都会误删该站点的 20 236 条路径。"
      }
    }
  },
  {
    "id": "p2.12",
    "section": "§3.2",
    "kind": "procedure",
    "words": "匹配过程中采取二次匹配,先进行 host 匹配,然后进行 path 匹配",
    "printed": "",
    "topic": {
      "en": "two-stage match on the control node: host, then path",
      "zh": "控制节点上的二次匹配：先 host，后 path"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/control_matches",
      "view": "part-match-ratio",
      "note": {
        "en": "Probes the control node makes when every link reaches it: one of the site table per link, and one of that site's path table when the site is already known, 2 · links − sites in all (493 610 on the 246 951-URL corpus, 2.00 per URL; Table 1's control node: 7.32 per URL).",
        "zh": "每个链接都送到控制节点时它的探查次数：每个链接探查一次站点表，站点已知时再探查一次该站点的路径表，共 2 · 链接数 − 站点数（在 246 951 个 URL 的语料上为 493 610，每个 URL 2.00 次；表 1 的控制节点为每个 URL 7.32 次）。"
      }
    }
  },
  {
    "id": "p2.13",
    "section": "§3.2",
    "kind": "procedure",
    "words": "有些研究中根据 host 定位节点,本文根据 path 定位节点",
    "printed": "",
    "topic": {
      "en": "route URLs by path, not by host",
      "zh": "按路径而不按主机名分配 URL"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/0/top_sites/0/nodes_spanned",
      "view": "part-top-table",
      "note": {
        "en": "The crawl nodes the biggest site's URLs are spread over under P2's path routing with its printed path hash: all 7, where every host routing (a host or domain hash, Nutch, Heritrix, Frontera) keeps the site on one node (p2.25). The Table 1 view runs all nine policies side by side.",
        "zh": "按 P2 的路径分配（原文路径散列）时，最大站点的 URL 分散到的搜集节点数：全部 7 个；而各种按主机名的分配（主机名或域名散列、Nutch、Heritrix、Frontera）都把该站点留在一个节点上（p2.25）。表 1 视图把九种策略并排列出。"
      }
    }
  },
  {
    "id": "p2.14",
    "section": "§3.3",
    "kind": "procedure",
    "words": "属于本节点处理的 URL, 通过站点散列函数和路径散列函数依次进行 URL 匹配, 如匹配成功, 则舍弃此 URL",
    "printed": "",
    "topic": {
      "en": "node-side matching of a node's own URLs",
      "zh": "搜集节点对本节点 URL 的匹配"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/control/node_matching/0/nodes_matches",
      "view": "part-match-identity",
      "note": {
        "en": "The lab's reading of §3.3: a link is found by the node of the last new URL before it (the page being parsed); when the path hash routes it to that node, the node probes its own site and path tables and drops it if it is there; every other link goes to the control node. The value: the crawl nodes' probes in all under the printed path hash (135 867 on the 246 951-URL corpus; Table 1: 259 966).",
        "zh": "本实验室对 §3.3 的读法：一个链接由它之前最后一个新 URL 所在的节点发现（即正在解析的那个网页）；若路径散列把它分给该节点，该节点就探查自己的站点表和路径表，已有则舍弃；其余链接都交给控制节点。该值：按原文路径散列时各搜集节点的探查总数（在 246 951 个 URL 的语料上为 135 867；表 1 为 259 966）。"
      }
    }
  },
  {
    "id": "p2.15",
    "section": "§4.1",
    "kind": "procedure",
    "words": "当 URL 经过站点散列后匹配不成功, 则定义其所属的站点为新站点, 控制节点启动对新站点的搜集工作",
    "printed": "",
    "topic": {
      "en": "a failed site match marks a new site",
      "zh": "站点匹配不成功即为新站点"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/sites",
      "view": "part-summary",
      "note": {
        "en": "New sites the control node finds: hosts whose site-table probe finds nothing (292 on the 246 951-URL corpus). The lab counts them; it fetches nothing, so the crawl of a new site is not run.",
        "zh": "控制节点发现的新站点：在站点表中探查不到的主机名（在 246 951 个 URL 的语料上为 292 个）。本实验室只计数；它不抓取网页，所以对新站点的搜集没有运行。"
      }
    }
  },
  {
    "id": "p2.16",
    "section": "§4.2 表 1",
    "kind": "table",
    "words": "各节点的 URL 任务量负载如下表",
    "printed": "URL 统计: 246951 | 246951 | 35580 35059 35368 35206 34972 35283 35483",
    "topic": {
      "en": "Table 1, URLs per crawl node",
      "zh": "表 1，各搜集节点的 URL 数"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/0/node_urls",
      "view": "part-table1",
      "note": {
        "en": "URLs per crawl node when P2's printed path hash routes the loaded input to 7 nodes, beside the printed row. The printed loads are exactly as even as chance (B = 1.0085, χ² = 8.17 with 6 degrees of freedom, p = 0.23); the printed hash sends a third of the URLs to node 1 (111 935 of 246 951 on the built-in corpus, B = 3.17). Only the lab's repaired path hash, or a hash of the whole URL, gives the printed balance (the verdicts).",
        "zh": "按 P2 原文路径散列把已载入的输入分到 7 个节点时各搜集节点的 URL 数，与印出的一行并列。印出的负载恰好与随机分配一样均匀（B = 1.0085，χ² = 8.17，自由度 6，p = 0.23）；原文散列却把三分之一的 URL 送到节点 1（在内置语料上为 246 951 个中的 111 935 个，B = 3.17）。只有本实验室修正的路径散列或对整个 URL 的散列才能得出印出的平衡（见判定）。"
      }
    }
  },
  {
    "id": "p2.17",
    "section": "§4.2 表 1",
    "kind": "table",
    "words": "匹配统计",
    "printed": "系统 2066713; 控制节点 1806747",
    "topic": {
      "en": "Table 1, matches of the system and the control node",
      "zh": "表 1，系统与控制节点的匹配统计"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/control/node_matching/0/system_matches",
      "view": "part-match-table",
      "note": {
        "en": "The system's probes (control node plus crawl nodes) when the printed path hash routes the loaded input and the nodes match as §3.3 says (p2.14): 629 477 on the 246 951-URL corpus, 2.55 per URL, against the printed 8.37 per URL (7.32 on the control node alone). P2 never defines a match; at two probes per link its figure means about 3.7 links per distinct URL, and the built-in corpus has no repeated links (p2.20).",
        "zh": "按原文路径散列分配已载入的输入、各节点按 §3.3 匹配（p2.14）时全系统的探查次数（控制节点加搜集节点）：在 246 951 个 URL 的语料上为 629 477，每个 URL 2.55 次，而印出的是每个 URL 8.37 次（仅控制节点就有 7.32 次）。P2 从未定义什么算一次匹配；按每个链接探查两次计，它的数字相当于每个不同的 URL 约 3.7 个链接，而内置语料没有重复链接（p2.20）。"
      }
    }
  },
  {
    "id": "p2.18",
    "section": "§4.2 表 1",
    "kind": "table",
    "words": "节点上的匹配性能很好",
    "printed": "匹配统计, 节点 1–7: 38076 37408 37673 37077 35946 36745 37041",
    "topic": {
      "en": "Table 1, matches per crawl node",
      "zh": "表 1，各搜集节点的匹配统计"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/control/node_matching/0/node_matches",
      "view": "part-match-table",
      "note": {
        "en": "Each crawl node's probes under §3.3 with the printed path hash. Node 1, which gets every path hashing to 0, makes most of them (100 973 of 135 867 on the 246 951-URL corpus), where the printed row is even (35 946 to 38 076, 1.03 to 1.07 times each node's URLs). The printed rows add up, 2 066 713 = 1 806 747 + 259 966, but their ratio, 6.95, does not fit §3.3 as written: it fits a control node that also matched the links the nodes dropped (the CLI's section 3).",
        "zh": "按 §3.3、用原文路径散列时每个搜集节点的探查次数。节点 1 接收所有散列为 0 的路径，探查次数占了大半（在 246 951 个 URL 的语料上为 135 867 次中的 100 973 次），而印出的这一行很均匀（35 946 到 38 076，为各节点 URL 数的 1.03 到 1.07 倍）。印出的各数加起来对得上，2 066 713 = 1 806 747 + 259 966，但两者之比 6.95 与 §3.3 的写法不符：它更符合控制节点连节点已舍弃的链接也匹配了一遍的情形（见命令行第 3 节）。"
      }
    }
  },
  {
    "id": "p2.19",
    "section": "§4.2",
    "kind": "conclusion",
    "words": "实验主要测试 URL 匹配成功率和各节点的负载平衡",
    "printed": "",
    "topic": {
      "en": "the match success rate said to be tested",
      "zh": "据称测试了 URL 匹配成功率"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "§4.2 says the experiment tests the URL match success rate, but Table 1 prints only counts (2 066 713 matches in all) and no rate, and P2 never says what a match or a success is. No rate can be read from it: the lab counts probes (p2.17), not P2's successes.",
        "zh": "§4.2 说实验测试了 URL 匹配成功率，但表 1 只印出次数（共 2 066 713 次匹配），没有任何比率，P2 也从未说明什么算一次匹配、什么算成功。从表中读不出成功率：本实验室能数的是探查次数（p2.17），而不是 P2 所说的成功。"
      },
      "view": "part-matches"
    }
  },
  {
    "id": "p2.20",
    "section": "§4.2",
    "kind": "context",
    "words": "系统爬行共获取 URL 总数为 246951",
    "printed": "246951",
    "topic": {
      "en": "the crawl's URLs",
      "zh": "实验所得的 URL"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "P2's crawl (its URL list, the order its links were found in and their repeats) was never published. The lab replays 246 951 URLs of its own synthetic 2004-style corpus, or a list the user loads. That corpus has no repeated links (duplicates 0), so nothing like the printed 7.32 matches per URL can arise on it, and the per-node matches cannot be compared number for number.",
        "zh": "P2 的实验数据（URL 列表、链接被发现的顺序及其重复）从未公开。本实验室在自己合成的 2004 年风格语料的 246 951 个 URL 上重放，或在用户载入的列表上重放。该语料没有重复链接（重复数为 0），所以不可能出现印出的每个 URL 7.32 次匹配那样的数字，各节点的匹配次数也无法逐个比较。"
      }
    }
  },
  {
    "id": "p2.21",
    "section": "§3",
    "kind": "number",
    "words": "站点的平均页面数量在 1000 以上",
    "printed": "1000 以上",
    "topic": {
      "en": "pages per site",
      "zh": "每个站点的平均页面数"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "P2's own figures give 650 682 300 pages / 668 900 sites = 972.8 pages per site: under 1 000, not over it (the report's printed/cnnic/pages_per_site). §3.2 repeats it (「每个站点的平均网页数量为 1000 多」). The slip does not change the choice of a 2^15-slot path table: 972.8 paths fill it to α = 0.03.",
        "zh": "按 P2 自己引用的数字，650 682 300 个网页 / 668 900 个网站 = 每个站点 972.8 个网页：低于 1 000，而不是在 1 000 以上（报告中的 printed/cnnic/pages_per_site）。§3.2 又重复了一次（「每个站点的平均网页数量为 1000 多」）。这个笔误不影响选用 2^15 个槽的路径表：972.8 条路径只使它的装填因子达到 0.03。"
      },
      "view": "part-site-cnnic"
    }
  },
  {
    "id": "p2.22",
    "section": "§3",
    "kind": "number",
    "words": "全国网站总数约为 668900 个",
    "printed": "",
    "topic": {
      "en": "α of P2's own site count in the 2^21 table",
      "zh": "按 P2 引用的网站数，2^21 站点表的装填因子"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/printed/cnnic/alpha_sites",
      "view": "part-site-cnnic",
      "note": {
        "en": "P2 does not compute it: its 668 900 sites in the 2^21-slot site table give α = 668 900 / 2 097 152 = 0.319, under its 0.75, so 2^21 slots hold every Chinese site of 2004; its 1 852 300 domains would give 0.883, over it (printed/cnnic/alpha_domains).",
        "zh": "P2 没有算这个数：它的 668 900 个网站放进 2^21 个槽的站点表，α = 668 900 / 2 097 152 = 0.319，低于它定的 0.75，所以 2^21 个槽容得下 2004 年全国的网站；若按 1 852 300 个域名计则为 0.883，超过 0.75（printed/cnnic/alpha_domains）。"
      }
    }
  },
  {
    "id": "p2.23",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "其匹配效果并不会比一般的散列函数效果好,而且 […] 算法会消耗大量的系统资源",
    "printed": "",
    "topic": {
      "en": "MD5 mod N: no better than a plain hash, and costly",
      "zh": "MD5 取模：不比一般散列好，且耗资源"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/9/b",
      "view": "part-table1",
      "note": {
        "en": "Both halves run in the same replay. url:md5 routes each URL by its MD5 digest mod n, beside url:xxh3, a plain 64-bit hash of the same line. The value: B of url:md5 on the input. On the 100 000-URL corpus at 7 nodes it is 1.0086 (χ² p = 0.451) against XXH3's 1.0093 (p = 0.757), where a random assignment averages 1.0113: MD5 balances as well as a good plain hash and no better, as P2 says. The cost half is section 6 of urlhash paper p2 (costs/*/ns_per_link in its JSON), each policy timed on the first 16 000 distinct URLs: 296 ns per link for MD5 against 25 for XXH3 on one 2-core machine, about 12 times the cost, yet less than Heritrix's own mapping (1 250 ns) and tiny beside fetching a page; so MD5 costs more, but 「大量的系统资源」 is not shown.",
        "zh": "两部分在同一次重放中运行。url:md5 按每个 URL 的 MD5 摘要模 n 分配，与之并列的是 url:xxh3，即对同一行取一般的 64 位散列。该值：输入上 url:md5 的 B。在 100 000 个 URL 的语料、7 个节点上，它是 1.0086（χ² p = 0.451），XXH3 是 1.0093（p = 0.757），随机分配平均为 1.0113：MD5 的均衡与好的一般散列函数一样，不更好，与 P2 所说相符。代价部分见 urlhash paper p2 的第 6 节（JSON 中的 costs/*/ns_per_link），每种策略在前 16 000 个不同的 URL 上计时：在一台双核机器上 MD5 每个链接 296 ns，XXH3 为 25 ns，约 12 倍，但比 Heritrix 自己的映射（1 250 ns）还少，与抓取一个网页相比微不足道；所以 MD5 确实更耗时，但「大量的系统资源」没有得到证明。"
      }
    }
  },
  {
    "id": "p2.24",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "一些研究中通过在每个搜集节 […] 这浪费了搜集节点的存储空间和降低了 URL 匹配的成功率",
    "printed": "",
    "topic": {
      "en": "the same visited_urls table on every node",
      "zh": "每个搜集节点部署相同的 visited_urls 表"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "An argument against other designs, uncited; the lab models no full table of visited URLs on every node. It models what P2 puts in its place: under its reading of §3.3 each crawl node holds tables only of the URLs routed to it, about 1 in n of them, and the control node holds them all (p2.14, p2.41). Storage per node is not measured, and why identical tables would lower the match success rate P2 does not say.",
        "zh": "这是反对其他设计的论证，没有引文；本实验室没有模拟每个节点都保存一份完整的已访问 URL 表。它模拟的是 P2 的替代方案：按本实验室对 §3.3 的读法，每个搜集节点只保存分给它的 URL（约 n 分之一）的表，控制节点保存全部（p2.14、p2.41）。每个节点的存储没有测量；相同的表为什么会降低匹配成功率，P2 没有说明。"
      }
    }
  },
  {
    "id": "p2.25",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "假定几个信息量大的站点散列到某个节点上,而另外的节点上的站点包含的信息量小,这样就会造成负载任务的不均衡问题",
    "printed": "",
    "topic": {
      "en": "host routing leaves big sites on one node",
      "zh": "按主机名分配使大站点集中在一个节点"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/3/top_sites/0/main_node_urls",
      "view": "part-top-table",
      "note": {
        "en": "URLs of the biggest site on its main node under host routing (XXH3 of the host): all of them (www.nbkie.com, 44 405 of 246 951 URLs on the built-in corpus, 18 %); host routing's B is 2.03 there (Nutch 2.00, Heritrix 2.10, Frontera 1.97). P2 is right that site sizes unbalance host routing.",
        "zh": "按主机名分配（对主机名取 XXH3）时，最大站点在其主节点上的 URL 数：全部都在（内置语料上为 www.nbkie.com，246 951 个 URL 中的 44 405 个，18 %）；此时按主机名分配的 B 为 2.03（Nutch 2.00，Heritrix 2.10，Frontera 1.97）。P2 说站点大小不一会使按主机名的分配失衡，这是对的。"
      }
    }
  },
  {
    "id": "p2.26",
    "section": "§4.1",
    "kind": "conclusion",
    "words": "基于 URL 定位的方法使系统负载平衡性优于基于站点 (host) 散列的方法",
    "printed": "m * S > S > n",
    "topic": {
      "en": "routing by URL balances better than by host",
      "zh": "按 URL 定位比按站点散列更平衡"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/0/b",
      "view": "part-table1",
      "note": {
        "en": "B of P2's path routing with its printed path hash: 3.17 on the 246 951-URL corpus, worse than host routing's 2.03, because a third of the paths hash to 0 (p2.8). Routing by URL does balance better with a hash that spreads: the lab's repaired path hash gives 1.0085 and XXH3 of the whole URL 1.010 (Table 1's other rows).",
        "zh": "按 P2 原文路径散列做路径分配时的 B：在 246 951 个 URL 的语料上为 3.17，比按主机名分配的 2.03 还差，因为三分之一的路径散列为 0（p2.8）。用能分散键的散列函数时，按 URL 分配确实更平衡：本实验室修正的路径散列得 1.0085，对整个 URL 取 XXH3 得 1.010（表 1 的其他各行）。"
      }
    }
  },
  {
    "id": "p2.27",
    "section": "摘要",
    "kind": "conclusion",
    "words": "实验表明,系统在减少 URL 匹配的资源消耗和提高系统负载的均衡性方面有很好的效果",
    "printed": "",
    "topic": {
      "en": "the experiment shows good balance and less matching cost",
      "zh": "实验表明负载均衡好、匹配开销小"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/verdicts/0/could_produce",
      "view": "part-verdicts",
      "note": {
        "en": "Whether P2's printed path hash could have produced Table 1's balance on the loaded input: false, since a third of the paths hash to 0 and all go to node 1; only the lab's repair could. The saving in matching resources is compared with no other design: P2 prints no baseline.",
        "zh": "P2 的原文路径散列能否在已载入的输入上得出表 1 的平衡：不能，因为三分之一的路径散列为 0，全部进入节点 1；只有本实验室的修正能。匹配资源的节省没有与任何其他设计比较：P2 没有印出对照。"
      }
    }
  },
  {
    "id": "p2.28",
    "section": "§1 引言",
    "kind": "conclusion",
    "words": "URL 分级散列的方法减少 URL 匹配对系统资源的消耗、提高了系统负载的平衡性和系统的健壮性",
    "printed": "",
    "topic": {
      "en": "robustness and configurability claimed",
      "zh": "声称提高了健壮性和可配置性"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The introduction says the paper first analyses URL partitioning, node load balance and dynamic configurability in depth, and that the method improves the system's robustness. §2 analyses URL matching and load balance only; configurability, node failure and robustness are never discussed again, and no experiment touches them.",
        "zh": "引言说本文首先深入分析了 URL 的划分策略、节点负载均衡和系统的动态可配置性三个方面，并说该方法提高了系统的健壮性。第 2 节只分析了 URL 匹配和负载平衡；可配置性、节点损坏和健壮性此后再未讨论，也没有任何实验涉及。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.29",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "对字符串散列效果很好的 […] 函数对 URL 散列效果并不是很理想",
    "printed": "",
    "topic": {
      "en": "ELFhash is poor for URLs (cited from P1)",
      "zh": "ELFhash 对 URL 效果不理想（引自 P1）"
    },
    "status": {
      "is": "live",
      "report": "p1",
      "field": "/elf_clumps/b_m8",
      "view": "why-cards",
      "note": {
        "en": "P2 cites P1 (its reference [2]), and the lab measures it in P1's report: ELFhash's B at M = 8 (2.72 on the 100 000-URL corpus, where HfIp gives 1.01). ELFhash's low 4 bits are those of the URL's last byte, and URL endings clump.",
        "zh": "P2 引用的是 P1（其参考文献 [2]），本实验室在 P1 的报告中实测：M = 8 时 ELFhash 的 B（在 100 000 个 URL 的语料上为 2.72，HfIp 为 1.01）。ELFhash 的低 4 位就是 URL 最后一个字节的低 4 位，而 URL 的结尾很集中。"
      }
    }
  },
  {
    "id": "p2.30",
    "section": "§2.1",
    "kind": "formula",
    "words": "它能以 […] 时间复杂度对数据进行处理",
    "printed": "O(1)",
    "topic": {
      "en": "hashing in O(1) time",
      "zh": "散列的 O(1) 时间复杂度"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/0/max_chain",
      "view": "part-site-table",
      "note": {
        "en": "O(1) holds on average, and only for a hash that spreads the keys. The value: the longest chain of the site table under the printed site hash, the sites one lookup may have to compare (151 hosts in one slot on the 246 951-URL corpus; 68 under the reading the text describes; 1 under the lab's repair).",
        "zh": "O(1) 是平均意义上的，而且只对能把键分散开的散列函数成立。该值：按原文站点散列时站点表中最长的链，即一次查找可能要比较的站点数（在 246 951 个 URL 的语料上，一个槽里有 151 个主机名；按文字描述的读法为 68；本实验室的修正为 1）。"
      }
    }
  },
  {
    "id": "p2.31",
    "section": "§2.2",
    "kind": "formula",
    "words": "理想状态是对  $N$  个任务,平均分布到  $n$  个节点上,每个节点的任务量为  $N/n$",
    "printed": "N/n",
    "topic": {
      "en": "ideal load N/n per node",
      "zh": "每个节点的理想任务量 N/n"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/policies/0/ideal_urls",
      "view": "part-nodes-chart",
      "note": {
        "en": "N/n for the loaded input, the dashed line of the per-node chart (35 278.7 for 246 951 URLs on 7 nodes). B, P1's measure of load balance, is the fullest node's URLs over it.",
        "zh": "已载入输入的 N/n，即每节点图中的虚线（246 951 个 URL 分到 7 个节点时为 35 278.7）。P1 的负载平衡测度 B 就是最满节点的 URL 数除以它。"
      }
    }
  },
  {
    "id": "p2.32",
    "section": "§2.2",
    "kind": "context",
    "words": "这种方法的缺点是需要额外的开销来进行二次散列或动态分配",
    "printed": "",
    "topic": {
      "en": "second hashing or dynamic assignment costs extra",
      "zh": "二次散列或动态分配需要额外开销"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Related work, uncited and unmeasured: nothing to run. P2's own remedy for big sites is a dynamic re-hash too (p2.11); the lab counts what that costs (paths re-inserted), not what the other designs cost.",
        "zh": "相关工作，没有引文，也没有测量：没有可以运行的内容。P2 自己对大站点的补救也是动态再散列（p2.11）；本实验室统计了它的代价（重新插入的路径数），而不是其他设计的代价。"
      }
    }
  },
  {
    "id": "p2.33",
    "section": "§3",
    "kind": "context",
    "words": "CN 注册下的域名总数为 432077 个,全国域名总数为 1852300 个",
    "printed": "432077; 1852300; 668900; 650682300",
    "topic": {
      "en": "CNNIC 2004 statistics",
      "zh": "CNNIC 2004 年统计数字"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "CNNIC's 2004 statistics (P2's reference [3]), cited: nothing to run. The lab keeps them in its report (printed/cnnic) and computes what P2 draws from them: α (p2.22) and pages per site (p2.21). P2 rounds its 668 900 sites to 「百万数量级」 and its 650 682 300 pages to 「10 亿数量级」.",
        "zh": "CNNIC 2004 年的统计数字（P2 的参考文献 [3]），是引用的：没有可以运行的内容。本实验室把它们存在报告里（printed/cnnic），并计算 P2 由此得出的结论：装填因子（p2.22）和每个站点的页面数（p2.21）。P2 把 668 900 个网站说成「百万数量级」，把 650 682 300 个网页说成「10 亿数量级」。"
      }
    }
  },
  {
    "id": "p2.34",
    "section": "§3.1",
    "kind": "procedure",
    "words": "由于字符的 ASCII 码值的首位为扩展位,函数中取字符的 ASCII 值的后七位进行运算",
    "printed": "",
    "topic": {
      "en": "low 7 bits in the text, not in the code",
      "zh": "文字取后七位，代码没有"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The text takes the low 7 bits of each character, but line (3) adds the whole charAt(i), with no & 0x7F. For an ASCII host the two agree (every code is under 128); for a host written in Chinese characters Java's charAt gives UTF-16 units up to 0xFFFF, and the printed code mixes in their high bits. site-printed follows the code; site-folded, site-java and site-repaired take the low 7 bits, as the text says.",
        "zh": "文字说对每个字符取 ASCII 值的后七位，但第 (3) 行加的是整个 charAt(i)，没有 & 0x7F。对 ASCII 主机名两者一样（每个码值都小于 128）；对用汉字写的主机名，Java 的 charAt 给出最大到 0xFFFF 的 UTF-16 码元，原文代码会把它们的高位也加进去。site-printed 按代码；site-folded、site-java 和 site-repaired 按文字取低 7 位。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.35",
    "section": "§3.1 算法描述 ③",
    "kind": "procedure",
    "words": "对 URL 字符串计算后的值修正,是值介于 0~2097151 之间",
    "printed": "",
    "topic": {
      "en": "「是值」 for 「使值」",
      "zh": "「是值」应为「使值」"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "A slip of the pen: 「是值介于」 should read 「使值介于」 (so that the value lies between 0 and 2 097 151). The meaning is clear.",
        "zh": "笔误：「是值介于」应为「使值介于」（使值落在 0 到 2 097 151 之间）。意思是清楚的。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.36",
    "section": "§3.2",
    "kind": "number",
    "words": "站点散列函数的计算值介于 0 和 2097151 之间",
    "printed": "0 ~ 2097151",
    "topic": {
      "en": "the site hash's range",
      "zh": "站点散列函数的取值范围"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Not for the code as printed: the fold (5)–(8) never runs (p2.1), so the function returns the raw 32-bit r. Compiled with javac it returns 1 319 875 054 for www.pku.edu.cn, and −39 079 442 for both www.sina.com.cn and news.sina.com.cn. Only the text's readings (site-folded, site-java) and the lab's repair lie in 0..2 097 151.",
        "zh": "按原文代码并非如此：(5)–(8) 的折叠从不执行（p2.1），函数返回的是 32 位的原始 r。用 javac 编译运行，www.pku.edu.cn 得 1 319 875 054，www.sina.com.cn 和 news.sina.com.cn 都得 −39 079 442。只有按文字的读法（site-folded、site-java）和本实验室的修正才落在 0..2 097 151 之间。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.37",
    "section": "§3.2",
    "kind": "procedure",
    "words": "函数中取字符的 ASCII 码值的后五位进行计算",
    "printed": "",
    "topic": {
      "en": "low 5 bits in the text, not in the code",
      "zh": "文字取后五位，代码没有"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The text takes the low 5 bits of each character, but line (12) adds the whole charAt(i), with no & 0x1F. The lab runs both: path-printed as the code, path-xor with the low 5 bits (and the XOR of comment (14)). Either way a third of the paths hash to 0 (33.5 % on the 246 951-URL corpus), because r·s is 0 whatever the bits (p2.8).",
        "zh": "文字说对每个字符取 ASCII 码值的后五位，但第 (12) 行加的是整个 charAt(i)，没有 & 0x1F。本实验室两种都运行：path-printed 按代码，path-xor 取低 5 位（并按注释 (14) 做异或）。两种读法下都有三分之一的路径散列为 0（在 246 951 个 URL 的语料上为 33.5 %），因为不论取哪些位，r·s 都是 0（p2.8）。"
      },
      "view": "part-verdicts"
    }
  },
  {
    "id": "p2.38",
    "section": "§3.2 程序 (12)",
    "kind": "procedure",
    "words": "s=(s<<5)+(int)url.charAt(i); // 字符的 […] ASCII 码值与 s 相加后值左移 5 位。(12)",
    "printed": "",
    "topic": {
      "en": "comment (12): add, then shift",
      "zh": "注释 (12)：先相加，再左移"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Comment (12) says the character's code is added to s and the sum shifted left five bits, s = (s + c) << 5; the code shifts first and then adds, s = (s << 5) + c, and the lab follows the code. In the comment's order s would always be a multiple of 32 and r·s of 1 024, so its slot in the 2^15-slot path table (r·s mod 2^15) would be one of only 32.",
        "zh": "注释 (12) 说字符的 ASCII 码值与 s 相加后再左移 5 位，即 s = (s + c) << 5；代码却是先左移再相加，s = (s << 5) + c，本实验室按代码。若按注释的顺序，s 总是 32 的倍数，r·s 总是 1 024 的倍数，它在 2^15 个槽的路径表中的槽（r·s mod 2^15）就只能是 32 个槽之一。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.39",
    "section": "§3.2 程序 (10)–(12)",
    "kind": "procedure",
    "words": "int result(String path) { […] s=(s<<5)+(int)url.charAt(i);",
    "printed": "",
    "topic": {
      "en": "the path hash reads url, not path",
      "zh": "路径散列读的是 url 而不是 path"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The method's parameter is path, but line (12) reads url.charAt(i): javac rejects it (cannot find symbol: url). The lab reads both names as the one input.",
        "zh": "方法的参数是 path，第 (12) 行读的却是 url.charAt(i)：javac 拒绝编译（找不到符号 url）。本实验室把两个名字都读作同一个输入。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.40",
    "section": "§3.2 程序 (15)",
    "kind": "procedure",
    "words": "for(int i=0; i<path.length(); i++) { // 依次获取 […] return r*s; // 返回结果值 r*s (15)",
    "printed": "",
    "topic": {
      "en": "return inside the loop",
      "zh": "return 在循环之内"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "return r*s; stands inside the for loop, before its closing brace. javac rejects the method (missing return statement: an empty path leaves the loop without a return). Were it accepted, it would return in the first iteration, while r is still 0, so every non-empty path would hash to 0 and every URL go to node 1 (B = 7 at 7 nodes). The lab moves the return after the loop (path-printed, p2.5).",
        "zh": "return r*s; 写在 for 循环之内、循环的右括号之前。javac 拒绝编译这个方法（缺少返回语句：空路径会不经 return 离开循环）。即使能编译，它也会在第一轮就返回，那时 r 仍为 0，于是每条非空路径的散列都是 0，每个 URL 都进入节点 1（7 个节点时 B = 7）。本实验室把 return 移到循环之后（path-printed，p2.5）。"
      },
      "view": ""
    }
  },
  {
    "id": "p2.41",
    "section": "§4.1",
    "kind": "conclusion",
    "words": "本文给出的分布式信息搜集系统中的 URL 匹配集中在控制节点上, 节省了搜集节点的资源开销和存储空间",
    "printed": "",
    "topic": {
      "en": "matching on the control node saves the nodes' storage",
      "zh": "匹配集中在控制节点，节省搜集节点的存储"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "§3.3 has each crawl node match the URLs routed to it on its own site and path tables, which it must store, and Table 1 counts 259 966 matches on the crawl nodes, 12.6 % of the 2 066 713. Matching is mostly, not wholly, on the control node, and the nodes' tables cost storage P2 does not count. The printed control : nodes ratio, 6.95, does not fit §3.3 as written either (p2.18).",
        "zh": "§3.3 让每个搜集节点用自己的站点表和路径表匹配分给它的 URL，这些表必须存在节点上；表 1 也在搜集节点上数出 259 966 次匹配，占 2 066 713 次的 12.6 %。匹配大部分而不是全部在控制节点上，节点上的表占用的存储 P2 没有计入。印出的控制节点 : 搜集节点之比 6.95 也与 §3.3 的写法不符（p2.18）。"
      },
      "view": "part-match-identity"
    }
  },
  {
    "id": "p2.42",
    "section": "§4.2",
    "kind": "context",
    "words": "URL 在控制节点上进行匹配后再发送到定位节点造成的延迟基本上不会降低系统的性能",
    "printed": "",
    "topic": {
      "en": "the delay of matching on the control node is harmless",
      "zh": "在控制节点匹配造成的延迟无碍性能"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "It rests on a timing observation of P2's own system (「经实验发现」 that the nodes find URLs far faster than they fetch them; §4.1 says the same of uncited 「有些研究」). The lab runs no crawl: it fetches nothing, so it measures neither discovery against fetching nor the delay that matching on the control node adds before a URL reaches its node.",
        "zh": "这一结论依据的是对 P2 自己系统的时间观察（「经实验发现」节点发现 URL 的能力远远超过执行任务的能力；§4.1 对没有出处的「有些研究」也这样说）。本实验室不运行真实的搜集系统，不抓取任何网页，所以既不测量 URL 发现与任务执行的快慢，也不测量在控制节点匹配后再送到定位节点所增加的延迟。"
      }
    }
  },
  {
    "id": "p2.43",
    "section": "§4.2",
    "kind": "conclusion",
    "words": "由表 1 得出系统将 URL 很好的散列到每个节点; 节点上的匹配性能很好; 系统的 URL 匹配主要集中在 URL 控制节点",
    "printed": "",
    "topic": {
      "en": "Table 1's conclusions",
      "zh": "由表 1 得出的结论"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/verdicts/0/b",
      "view": "part-verdicts",
      "note": {
        "en": "B of the printed path hash on the loaded input (3.17 on the 246 951-URL corpus, against Table 1's 1.0085): the table cannot come from the printed code. 「匹配性能很好」 rests on no measure P2 defines; the control node's share of the matches is in p2.17 and p2.41.",
        "zh": "原文路径散列在已载入输入上的 B（在 246 951 个 URL 的语料上为 3.17，表 1 为 1.0085）：该表不可能出自原文代码。「匹配性能很好」没有 P2 定义过的任何测度作依据；控制节点在匹配中所占的份额见 p2.17 和 p2.41。"
      }
    }
  },
  {
    "id": "p2.44",
    "section": "§5 结论",
    "kind": "conclusion",
    "words": "该方法的优点是散列函数简单易行,对 URL 的散列效果较好",
    "printed": "",
    "topic": {
      "en": "the hash functions are simple and hash URLs well",
      "zh": "散列函数简单易行、效果较好"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/site_tables/2/collisions",
      "view": "part-site-table",
      "note": {
        "en": "Collisions of the site hash as the text describes it: 240 among 292 sites on the 246 951-URL corpus, where a random hash makes about 0.02; and the printed path hash sends a third of the URLs to node 1 (p2.8). Simple, yes; good, only after the lab's repairs (p2.3, p2.7).",
        "zh": "按文字描述的站点散列的冲突数：在 246 951 个 URL 的语料上，292 个站点有 240 次冲突，随机散列约为 0.02；原文路径散列则把三分之一的 URL 送到节点 1（p2.8）。简单是的；效果好，要经过本实验室的修正才成立（p2.3、p2.7）。"
      }
    }
  },
  {
    "id": "p2.45",
    "section": "§5 结论",
    "kind": "conclusion",
    "words": "缺点是需要分别对 URL 中的站点和路径进行匹配",
    "printed": "",
    "topic": {
      "en": "the cost: two matches per URL",
      "zh": "缺点：每个 URL 两次匹配"
    },
    "status": {
      "is": "live",
      "report": "p2",
      "field": "/simulation/control_matches",
      "view": "part-match-ratio",
      "note": {
        "en": "Probes for the two matches on the control node: 2 · links − sites (493 610 for the 246 951 links of the built-in corpus); the path-table probe is the cost P2 names.",
        "zh": "控制节点上两次匹配的探查次数：2 · 链接数 − 站点数（内置语料的 246 951 个链接为 493 610 次）；路径表的那次探查就是 P2 所说的代价。"
      }
    }
  },
  {
    "id": "p3.1",
    "section": "§2",
    "kind": "procedure",
    "words": "在本文中,Hash 算法用来生成每个网页的识别序列,在生成的序列唯一性方面要求很高",
    "printed": "",
    "topic": {
      "en": "MD5 fingerprint as the page's unique id; repeats dropped",
      "zh": "以 MD5 指纹作网页的唯一标识，重复的丢弃"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/input/distinct_md5",
      "view": "fp-store",
      "note": {
        "en": "Distinct MD5 ids P3's store keeps on the input: the lines less those dropped because their id is already there (/p3/input/duplicate_lines). It equals the line count when no line repeats.",
        "zh": "P3 的指纹库在输入上保留的不同 MD5 标识数：行数减去因标识已在库中而被丢弃的行（/p3/input/duplicate_lines）。没有重复的行时，它等于行数。"
      }
    }
  },
  {
    "id": "p3.2",
    "section": "§2",
    "kind": "number",
    "words": "则任意两个分别为M1,M2的输入报文具有完全相同的h(m的概率为10-24,即近于零的重复概率",
    "printed": "10^-24",
    "topic": {
      "en": "chance that two inputs share a 128-bit digest",
      "zh": "两个输入的 128 位摘要相同的概率"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/two_inputs",
      "view": "fp-claims",
      "note": {
        "en": "Two given inputs share a 128-bit digest with probability 2^-128 = 2.94e-39, not 10^-24. 10^-24 = 2^-79.7 is the chance for 80-bit digests; as the birthday bound of any collision among n URLs at 128 bits it is reached at n = 26.1 million (/p3/birthday/n_at_claim). The page marks the row as wrong.",
        "zh": "两个给定输入的 128 位摘要相同的概率是 2^-128 = 2.94e-39，不是 10^-24。10^-24 = 2^-79.7，是 80 位摘要的概率；若看作 128 位下 n 个 URL 中出现任何碰撞的生日界，n = 2 609 万时就达到了（/p3/birthday/n_at_claim）。页面把这一行标为有误。"
      }
    }
  },
  {
    "id": "p3.3",
    "section": "§2",
    "kind": "number",
    "words": "它较人类指纹的重复概率10-19还要小5个数量级",
    "printed": "10^-19；小5个数量级",
    "topic": {
      "en": "human fingerprints 10^-19, five orders of magnitude above",
      "zh": "人类指纹的 10^-19，大 5 个数量级"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/n_at_human_fingerprint",
      "view": "fp-claims",
      "note": {
        "en": "URLs at which any collision among 128-bit ids reaches 10^-19: 8.25e9. P3's own 13 billion pages give 2.5e-19 (/p3/birthday/rows/0/probability): at P3's scale its ids repeat about as often as human fingerprints, not 5 orders less. The 5 orders are only 10^-24 against 10^-19; the 10^-19 itself is cited without a source.",
        "zh": "128 位标识中出现任何碰撞的概率达到 10^-19 时的 URL 数：8.25e9。P3 自己的 130 亿个网页给出 2.5e-19（/p3/birthday/rows/0/probability）：在 P3 的规模上，它的标识重复的可能与人类指纹差不多，并不小 5 个数量级。这 5 个数量级只是 10^-24 与 10^-19 之比；10^-19 本身是未注来源的引用。"
      }
    }
  },
  {
    "id": "p3.4",
    "section": "§2",
    "kind": "number",
    "words": "目前Internet 中约有WEB 页130亿个,超级链接约600亿(10111024",
    "printed": "130亿；600亿（10111024）",
    "topic": {
      "en": "13 billion pages, 60 billion links",
      "zh": "130 亿个网页，600 亿个链接"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/rows/0",
      "view": "fp-claims",
      "note": {
        "en": "Birthday bound at P3's 13 billion pages and 128 bits: any collision with chance 2.48e-19; at 60 billion links 5.29e-18 (/p3/birthday/rows/1); with 64-bit ids 0.99 and 1.0 (rows 2 and 3). The parenthesis 「10111024」 is damaged in the scan and cannot be read.",
        "zh": "在 P3 的 130 亿个网页、128 位下的生日界：出现任何碰撞的概率 2.48e-19；600 亿个链接时 5.29e-18（/p3/birthday/rows/1）；若用 64 位标识则为 0.99 和 1.0（第 2、3 行）。括号中的「10111024」在扫描件中已损坏，无法辨认。"
      }
    }
  },
  {
    "id": "p3.5",
    "section": "§2",
    "kind": "conclusion",
    "words": "而当我们取hash(m为384(bit乃至1024(bit时,则更是不大可能重复了",
    "printed": "384；1024 (bit)",
    "topic": {
      "en": "384- and 1024-bit digests repeat less still",
      "zh": "384 位、1024 位摘要更不大可能重复"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/rows/4",
      "view": "fp-claims",
      "note": {
        "en": "Birthday bound for 13 billion pages at 384 bits: 2.1e-96 (60 billion links: 4.6e-95, /p3/birthday/rows/5; at 1024 bits 4.7e-289 and 1.0e-287, rows 6 and 7), beside 2.5e-19 at 128 bits. True, and not needed: 128 bits already suffice (p3.25).",
        "zh": "130 亿个网页在 384 位下的生日界：2.1e-96（600 亿个链接：4.6e-95，/p3/birthday/rows/5；1024 位时为 4.7e-289 和 1.0e-287，第 6、7 行），对照 128 位的 2.5e-19。说得对，但没有必要：128 位已经够用（p3.25）。"
      }
    }
  },
  {
    "id": "p3.6",
    "section": "§2.3 表 1",
    "kind": "table",
    "words": "下面构造三个相似的URL 序列,利用Hash 函数将其转化成MD5序列,列表如下:表1三个相似URL Hash 序列的对比",
    "printed": "",
    "topic": {
      "en": "Table 1: three similar URLs and their digests",
      "zh": "表 1：三个相似 URL 及其摘要"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/table1",
      "view": "fp-table1",
      "note": {
        "en": "P3's three URLs and digests are lost in the scan. The lab rebuilds the table from the input's first URL and two near variants, with the bits of each digest that differ from the first's: about 64 of 128 is what a random function gives.",
        "zh": "P3 的三个 URL 及其摘要在扫描件中缺失。实验室用输入的第一个 URL 及其两个近似变体重建此表，并给出各摘要与第一个摘要不同的位数：随机函数约为 128 位中的 64 位。"
      }
    }
  },
  {
    "id": "p3.7",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "3初值敏感性,[?]中m 的每一字符都与[?]的每一bit 相关,初值每个字符的变动,都将对结果值c 产生明显影响",
    "printed": "",
    "topic": {
      "en": "sensitivity to the input (avalanche)",
      "zh": "初值敏感性（雪崩效应）"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/avalanche/mean",
      "view": "fp-hist-note",
      "note": {
        "en": "Mean differing bits between the digests of near-identical URLs (last bit, trailing /, host case, last digit, scheme), over the pairs made from the input's first URLs, up to 100 000. Binomial(128, ½), what a random function gives, has mean 64 and sd 5.66; the χ² test against it is /p3/avalanche/p_value.",
        "zh": "几乎相同的 URL（最后一位、末尾的 /、主机名大小写、最后一个数字、协议）的摘要平均相差的位数，取自输入开头至多 100 000 个 URL 构造的各对。随机函数给出的 Binomial(128, ½) 均值为 64、标准差 5.66；对它的 χ² 检验见 /p3/avalanche/p_value。"
      }
    }
  },
  {
    "id": "p3.8",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "1不可逆性,已知,经过数次非线性运算和迭代运算后,求计算困难[…]2防伪造性,已知,求使计算困难",
    "printed": "",
    "topic": {
      "en": "one-way properties: irreversibility, unforgeability",
      "zh": "单向性质：不可逆性、防伪造性"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Preimage and second-preimage resistance are claims that a computation is hard: no run on a URL list can show them, and the symbols (which h, which m, which c) are lost in the scan. The lab shows only the converse case: a digest is \"inverted\" when its text can be guessed (p3.12).",
        "zh": "抗原像和抗第二原像是“计算困难”的断言：在 URL 列表上怎么运行都证明不了，而且公式中的符号（哪个 h、哪个 m、哪个 c）在扫描件中缺失。实验室只演示反面情形：文本能被猜到时，摘要就能被“逆”出来（p3.12）。"
      }
    }
  },
  {
    "id": "p3.9",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "虽然最新文献表明,Hash 算法已经可以进行逆运算求出m 值",
    "printed": "",
    "topic": {
      "en": "\"hashes can already be inverted\"",
      "zh": "“散列算法已经可以逆运算”"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Wrong: the 2004–05 results on MD5 (Wang et al.) were collisions, two inputs chosen together to share a digest, not preimages; no one can compute m from h(m) (the best preimage attack on MD5, Sasaki and Aoki 2009, still costs about 2^123). The one printed digest the lab \"inverts\" is MD5 of the empty string, found by guessing candidate texts, and the other matches none of them: the printed-digests panel and urlhash paper p3 show what was tried.",
        "zh": "说法有误：2004–05 年关于 MD5 的成果（王小云等）是碰撞，即一起构造出两个摘要相同的输入，不是原像；没有人能由 h(m) 算出 m（对 MD5 最好的原像攻击，Sasaki 与 Aoki 2009，仍需约 2^123 次运算）。实验室“逆”出的那个印出的摘要是空字符串的 MD5，是靠猜测候选文本找到的，另一个与哪个候选都不相符：所试的文本见页面的印出摘要面板和 urlhash paper p3。"
      },
      "view": "fp-inversion"
    }
  },
  {
    "id": "p3.10",
    "section": "§2.2",
    "kind": "procedure",
    "words": "以MD5算法为例,它以512位作为分组[…]每一分组又分32个子分组,经过四次主循环进行非线性函数运算",
    "printed": "32个子分组",
    "topic": {
      "en": "MD5's construction: \"32 sub-blocks\"",
      "zh": "MD5 的构造：“32 个子分组”"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "A slip: RFC 1321 splits each 512-bit block into 16 words of 32 bits (16 × 32 = 512), not 32 sub-blocks. The rest is right: 512-bit blocks, padding to 448 mod 512 and then the 64-bit length (a 55-byte URL takes one block, a 56-byte one two), four rounds, a 128-bit result; the lab's MD5 matches every RFC 1321 test vector.",
        "zh": "笔误：RFC 1321 把每个 512 位分组分成 16 个 32 位的字（16 × 32 = 512），不是 32 个子分组。其余都对：512 位分组，填充到模 512 余 448 位再接 64 位长度（55 字节的 URL 占一个分组，56 字节的占两个），四轮循环，128 位结果；实验室的 MD5 与 RFC 1321 的全部测试向量一致。"
      },
      "view": "fp-blocks"
    }
  },
  {
    "id": "p3.11",
    "section": "§3.1",
    "kind": "procedure",
    "words": "对于这种情况,将域名转化成IP 序列就可以得出唯一的ID 值,得到一个序列:“http:/+IP 地址+路径”",
    "printed": "http:/+IP 地址+路径",
    "topic": {
      "en": "aliases (one IP, many names): \"http://\" + IP + path",
      "zh": "异名同址：“http://” + IP + 路径"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/sites/distinct_ip_ids",
      "view": "fp-sites-table",
      "note": {
        "en": "Distinct IP_IDs (\"http://\" + IP + path) among the input's URLs, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
        "zh": "输入的 URL 中不同 IP_ID（“http://” + IP + 路径）的个数，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。"
      }
    }
  },
  {
    "id": "p3.12",
    "section": "§3.1",
    "kind": "number",
    "words": "D41D8CD98F00B204E9800998ECF8427E (3式经过转换也得到同样结果",
    "printed": "D41D8CD98F00B204E9800998ECF8427E",
    "topic": {
      "en": "the digest printed for the IP form",
      "zh": "为 IP 形式印出的摘要"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/reveals/0/matches/0",
      "view": "fp-reveals",
      "note": {
        "en": "The printed digest is MD5 of the empty string, the first of the candidate texts the lab tries. P3 says only that URL (3) 「经过转换也得到同样结果」; that its program hashed nothing, so that every normalised URL would get this one id, is the lab's inference, not P3's statement.",
        "zh": "印出的摘要是空字符串的 MD5，在实验室尝试的候选文本中排第一个。P3 只说 (3) 式「经过转换也得到同样结果」；说它的程序什么都没有散列、因而每个规范化后的 URL 都会得到这同一个标识，是实验室的推断，不是 P3 的说法。"
      }
    }
  },
  {
    "id": "p3.13",
    "section": "§3.2",
    "kind": "number",
    "words": "得到形如“http:/+域名+路径”00F4CC7599310F795FB4B19B6A13CCA9",
    "printed": "00F4CC7599310F795FB4B19B6A13CCA9",
    "topic": {
      "en": "the digest printed for the name form",
      "zh": "为域名形式印出的摘要"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/reveals/1/verdict",
      "view": "fp-reveals",
      "note": {
        "en": "None of the candidate texts the lab tries (the empty string, every fragment left in the scan, the example site's hosts and their simple spellings) has this MD5; what P3 hashed here cannot be recovered.",
        "zh": "实验室尝试的候选文本（空字符串、扫描件中残存的每个片段、示例站点的主机名及其简单写法）的 MD5 都不是这个摘要；P3 在这里散列的是什么，无法还原。"
      }
    }
  },
  {
    "id": "p3.14",
    "section": "§3.2",
    "kind": "procedure",
    "words": "但在实际应用中,对于镜像站点的访问只要其中一个就行了。对3.1中的例子,需要将IP 转化为域名",
    "printed": "http:/+域名+路径",
    "topic": {
      "en": "mirrors (one name, many IPs): \"http://\" + name + path",
      "zh": "同名异址：“http://” + 域名 + 路径"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/sites/distinct_name_ids",
      "view": "fp-sites-table",
      "note": {
        "en": "Distinct Name_IDs (\"http://\" + name + path, the name read back from the IP) among the input's URLs, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
        "zh": "输入的 URL 中不同 Name_ID（“http://” + 域名 + 路径，域名由 IP 反查）的个数，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。"
      }
    }
  },
  {
    "id": "p3.15",
    "section": "§3.2",
    "kind": "procedure",
    "words": "这样在存储URL 的数据库结构中就增加两个字段:IP_ID 和Name_ID ,对应着IP 和域名的序列",
    "printed": "IP_ID；Name_ID",
    "topic": {
      "en": "the fields IP_ID and Name_ID",
      "zh": "字段 IP_ID 和 Name_ID"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/sites/distinct_host_keys",
      "view": "fp-sites-table",
      "note": {
        "en": "Distinct URLs as written (host + path), the count IP_ID and Name_ID are read beside, with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
        "zh": "按原样（主机名 + 路径）计的不同 URL 数，IP_ID 与 Name_ID 的个数与之并列，需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。"
      }
    }
  },
  {
    "id": "p3.16",
    "section": "§3.2",
    "kind": "procedure",
    "words": "如果IP 地址相同,并不是简单地丢弃,而是将URL 以增量的方式添加在存放URL 的字段后,相同域名的URL[…]可以直[…]接丢弃",
    "printed": "",
    "topic": {
      "en": "the store rule: same IP appended, same name dropped",
      "zh": "存储规则：IP 相同则追加，域名相同则丢弃"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/sites/store/steps",
      "view": "fp-store-table",
      "note": {
        "en": "P3's rule replayed URL by URL: each step's records before and after, URLs dropped and appended (repeats dropped, same IP_ID appended, same Name_ID under another IP dropped), with the host table given (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
        "zh": "逐个 URL 重演 P3 的规则：每一步前后的记录数、丢弃与追加的 URL 数（重复的丢弃，IP_ID 相同的追加，Name_ID 相同而 IP 不同的丢弃），需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。"
      }
    }
  },
  {
    "id": "p3.17",
    "section": "§3.2",
    "kind": "procedure",
    "words": "如果URL 的相似度和内容的相似度都高于设定的阈值,则认为这些站点互为镜像",
    "printed": "",
    "topic": {
      "en": "mirror detection by similarity thresholds",
      "zh": "按相似度阈值判定镜像"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/sites/store/mirrors/mirror_pairs",
      "view": "fp-mirror-pairs",
      "note": {
        "en": "Site pairs found mirrors by URL similarity alone (Jaccard index of their paths, thresholds the lab's, typed on the page): P3 gives no thresholds, and content similarity needs the pages, which a URL list lacks. It needs the host table (`urlhash claims --hosts FILE`; without one the report has no value); the page computes it from the host table typed in the fingerprints view.",
        "zh": "仅按 URL 相似度（两个站点路径集合的 Jaccard 系数，阈值由实验室设定、可在页面上输入）判为镜像的站点对数：P3 没有给出阈值，内容相似度需要网页本身，URL 列表没有。需给出主机表（`urlhash claims --hosts FILE`；没有主机表时报告中没有这个值）；页面在指纹视图中根据输入的主机表计算。"
      }
    }
  },
  {
    "id": "p3.18",
    "section": "§3.3",
    "kind": "procedure",
    "words": "一个或几个线程负责一个域的搜索,如让10个线程负责[?]域的搜索",
    "printed": "10个线程",
    "topic": {
      "en": "one or several threads per domain",
      "zh": "一个或几个线程负责一个域"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/threads/6",
      "view": "fp-threads-table",
      "note": {
        "en": "Two threads on every domain under P3's partial locks (per_domain 2): the domain's part of the store and its lock are theirs to share, so `contended` counts the times one waited for the other; beside it (/threads/4) each domain is one thread's and no thread ever waits. P3's example domain for its 10 threads is lost in the scan. The page shows a recorded run of the command, or the reader's own.",
        "zh": "两个线程负责每个域、采用 P3 的部分加锁（per_domain 2）：这个域的库区和它的锁由两个线程共用，`contended` 统计一个线程等待另一个的次数；与之相比（/threads/4）每个域只归一个线程，没有线程需要等待。P3 让 10 个线程负责的那个域名在扫描件中缺失。页面显示这条命令的一次记录运行，或读者自己的运行结果。"
      }
    }
  },
  {
    "id": "p3.19",
    "section": "§1 引言",
    "kind": "context",
    "words": "目前使用量最大的搜索引擎google 收集了40多亿WEB 页面,Yahoo 也称收集了45亿页面",
    "printed": "40多亿；45亿；120多亿；40%不到",
    "topic": {
      "en": "search engines' index sizes around 2005",
      "zh": "2005 年前后搜索引擎收录的网页数"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Cited statistics of 2005–06 without a source; the lab has no index to count. They agree with each other: 45 of 「120多亿」 is 37.5 %, under 「40%不到」, though §2 then says 130 亿 pages.",
        "zh": "这是 2005–06 年的引用统计，未注来源；实验室没有索引可数。数字之间是一致的：45 亿占「120多亿」的 37.5%，符合「40%不到」，不过第 2 节又说有 130 亿个网页。"
      }
    }
  },
  {
    "id": "p3.20",
    "section": "§4 结束语",
    "kind": "conclusion",
    "words": "在Internet 还[…]存在着这样一种重复链接:由于相互引用而造成的内容上的重复[…]因此这类重复暂时不进行去重操作",
    "printed": "",
    "topic": {
      "en": "duplicates from mutual citation, kept on purpose",
      "zh": "相互引用造成的内容重复，有意保留"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A choice about page content (404 errors, slow pages), not a computation: these pages have different URLs, so a URL fingerprint never merges them anyway, and the lab has no page content.",
        "zh": "这是对网页内容的取舍（404 错误、下载过慢），不是计算：这些网页的 URL 不同，URL 指纹本来就不会合并它们，而实验室没有网页内容。"
      }
    }
  },
  {
    "id": "p3.21",
    "section": "§3.1",
    "kind": "procedure",
    "words": "上述三个URL 实际上是指向同一链接,在搜索引擎的数据库中没有必要放置三条记录来标识它们",
    "printed": "",
    "topic": {
      "en": "URL canonicalisation (the lab's addition)",
      "zh": "URL 规范化（实验室的补充）"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/canonical/all",
      "view": "fp-canon-table",
      "note": {
        "en": "Not P3's method (P3 merges through the IP): eight textual canonicalisations (scheme, host case, default port, fragment, trailing /, www., query order, session ids), each measured alone and together. The value is all eight together: the lines they merge into others (merged) and the lines whose spelling they change (changed_lines). P3's URLs (1)–(3) are lost in the scan.",
        "zh": "不是 P3 的方法（P3 通过 IP 合并）：八种按文本的规范化（协议、主机名大小写、默认端口、片段、末尾的 /、www.、参数顺序、会话 ID），分别单独和合起来测量。该值是八种合起来的结果：被合并掉的行数（merged）和写法被改写的行数（changed_lines）。P3 的 URL (1)–(3) 在扫描件中缺失。"
      }
    }
  },
  {
    "id": "p3.22",
    "section": "§1 引言",
    "kind": "context",
    "words": "上述(2、(3点,需要有新的技术出现,第一点可以在现有基础上进行改进",
    "printed": "",
    "topic": {
      "en": "the other shortcomings: coverage and ranking",
      "zh": "其他不足：收录数量与排序"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Context: coverage, ranking (PageRank, HITS) and paid placement are outside the paper's method and the lab's; only point (1), duplicates, is studied.",
        "zh": "背景：收录数量、排序（PageRank、HITS）和竞价排名既不在论文的方法之内，也不在实验室的范围之内；只研究第 (1) 点，即重复页面。"
      }
    }
  },
  {
    "id": "p3.23",
    "section": "§2",
    "kind": "context",
    "words": "是将任意长度的字符串作为输入生成,经过n 次迭代运算后生成固定长度的字符串的一种算法",
    "printed": "",
    "topic": {
      "en": "what a hash algorithm is",
      "zh": "散列算法的定义"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A definition, with its uses in cryptography (signatures, authentication, passwords) as context. The fixed length is simply true of MD5: every digest of the lab's reports is 128 bits, whatever the URL's length.",
        "zh": "这是定义，连同它在密码学中的用途（数字签名、身份认证、口令鉴别）作为背景。定长对 MD5 确实成立：实验室报告中的每个摘要都是 128 位，与 URL 的长短无关。"
      }
    }
  },
  {
    "id": "p3.24",
    "section": "§2",
    "kind": "number",
    "words": "为了节省空间,同时又满足系统的要求,Hash 结果的位数取128bit",
    "printed": "128bit",
    "topic": {
      "en": "128-bit ids to save space",
      "zh": "取 128 位以节省空间"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/input/store_bytes",
      "view": "fp-store",
      "note": {
        "en": "Bytes of P3's id store on the input: 16 per distinct URL (distinct_md5 × 16). Compare it with the URLs' own text, /input/bytes less one line break per line.",
        "zh": "P3 的标识库在输入上占的字节数：每个不同的 URL 16 字节（distinct_md5 × 16）。可与 URL 文本本身的字节数比较，即 /input/bytes 减去每行一个换行符。"
      }
    }
  },
  {
    "id": "p3.25",
    "section": "§2",
    "kind": "conclusion",
    "words": "因而128bit 的Hash 序列位数在现在及未来的一段时间内完全可以满足要求",
    "printed": "128bit",
    "topic": {
      "en": "128 bits fully meet the need",
      "zh": "128 位完全可以满足要求"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/rows/1/probability",
      "view": "fp-claims",
      "note": {
        "en": "Chance of any collision among P3's 60 billion links with 128-bit ids: 5.3e-18 (13 billion pages: 2.5e-19). The conclusion holds, on the birthday bound rather than on P3's 10^-24; with 64-bit ids the same counts would collide almost surely (/p3/birthday/rows/3).",
        "zh": "P3 的 600 亿个链接用 128 位标识时出现任何碰撞的概率：5.3e-18（130 亿个网页：2.5e-19）。结论成立，依据是生日界而不是 P3 的 10^-24；若用 64 位标识，同样的数量几乎必然碰撞（/p3/birthday/rows/3）。"
      }
    }
  },
  {
    "id": "p3.26",
    "section": "§2.1",
    "kind": "formula",
    "words": "映射对所有的,容易计算,但其逆过程,给定要求出在计算上是困难的,该函数称为单向函数",
    "printed": "",
    "topic": {
      "en": "definition of a one-way function",
      "zh": "单向函数的定义"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "The formulas (the mapping, its domain and the given value) are lost in the scan, and the definition is one of computational hardness: nothing to run. See p3.8.",
        "zh": "公式（映射、定义域和给定的值）在扫描件中缺失，而且这是关于计算困难的定义：没有可运行的内容。见 p3.8。"
      }
    }
  },
  {
    "id": "p3.27",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "用Hash 函数可以生成MD5加密序列、SHA 序列等多[…]种形式",
    "printed": "MD5加密序列",
    "topic": {
      "en": "MD5 called encryption",
      "zh": "把 MD5 称为加密"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "A misnomer: MD5 is a hash, not a cipher. It takes no key and its digest cannot be decrypted; P3 itself relies on that (one-way, p3.8).",
        "zh": "用词不当：MD5 是散列函数，不是加密算法。它不用密钥，摘要也无法解密；P3 自己所依靠的正是这一点（单向性，p3.8）。"
      },
      "view": ""
    }
  },
  {
    "id": "p3.28",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "因此采用常用的MD5算法生成定长且唯一的Hash 序列,本文中所有的Hash 序列均为MD5序列",
    "printed": "",
    "topic": {
      "en": "MD5 ids are unique",
      "zh": "MD5 标识唯一"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/input/md5_collisions",
      "view": "fp-store",
      "note": {
        "en": "Proven MD5 collisions on the input: lines MD5 calls duplicates whose XXH3-64 differs, so any value above 0 is a real collision. None is expected for URLs nobody forged: unique in practice, not in principle, for there are only 2^128 digests and colliding inputs have been constructed since 2004.",
        "zh": "输入上得到证实的 MD5 碰撞：MD5 判为重复、而 XXH3-64 不同的行，所以大于 0 就是真正的碰撞。对没人伪造的 URL 不应出现：实际上唯一，原则上并非如此，因为摘要只有 2^128 种，而且自 2004 年起已能构造出碰撞的输入。"
      }
    }
  },
  {
    "id": "p3.29",
    "section": "§2.3",
    "kind": "conclusion",
    "words": "表1表明:对于单向散列函数,初始值微小的变化会使Hash 结果以很大的幅度变化",
    "printed": "",
    "topic": {
      "en": "Table 1's conclusion: small changes, large differences",
      "zh": "表 1 的结论：微小变化，大幅改变"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/avalanche/p_value",
      "view": "fp-hist-note",
      "note": {
        "en": "χ² p of the differing bits of near-identical URLs' digests against Binomial(128, ½): a p well above 0.01 says MD5 behaves like a random function on these pairs, a p near 0 that it does not. The mean to compare with 64 is p3.7's.",
        "zh": "几乎相同的 URL 的摘要相差位数对 Binomial(128, ½) 做 χ² 检验的 p 值：p 远大于 0.01 说明 MD5 在这些对上的表现与随机函数一致，p 接近 0 则说明不一致。与 64 比较的均值见 p3.7。"
      }
    }
  },
  {
    "id": "p3.30",
    "section": "§2.3",
    "kind": "conclusion",
    "words": "同时128位(32个十六制位不同的排列组合能够产生大的空间来容纳碰[…]撞的产生",
    "printed": "128位；32个十六制位",
    "topic": {
      "en": "the space of 128 bits keeps collisions rare",
      "zh": "128 位的空间使碰撞罕见"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/truncated/1",
      "view": "fp-trunc-table",
      "note": {
        "en": "How the space decides: colliding pairs among the input's distinct URLs under 24-bit fingerprints (the top 6 hex digits of MD5), beside the n(n−1)/2^25 the birthday bound expects for n URLs; the fingerprints view adds 16 and 32 bits. The same bound at 128 bits, as a power of 10, is /p3/input/log10_collision_probability.",
        "zh": "空间大小的作用：把输入中不同的 URL 取 24 位指纹（MD5 的前 6 个十六进制位）时的碰撞对数，与生日界对 n 个 URL 期望的 n(n−1)/2^25 并列；指纹视图还给出 16 位和 32 位。同一生日界在 128 位时以 10 的幂表示，见 /p3/input/log10_collision_probability。"
      }
    }
  },
  {
    "id": "p3.31",
    "section": "§3",
    "kind": "context",
    "words": "这种解决方法类似于数据结构的图的遍历问题",
    "printed": "",
    "topic": {
      "en": "dedup as graph traversal",
      "zh": "去重类似图的遍历"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "An analogy: the lab's P3 study reads a URL list in a given order, with no link graph to traverse.",
        "zh": "这是类比：实验室对 P3 的研究按给定顺序读 URL 列表，没有可遍历的链接图。"
      }
    }
  },
  {
    "id": "p3.32",
    "section": "§3.1",
    "kind": "context",
    "words": "设有下面URL (以南京信息工程大学为例:(2与前两个URL 也是等效的",
    "printed": "",
    "topic": {
      "en": "example URLs (1)–(3) of 南京信息工程大学",
      "zh": "以南京信息工程大学为例的 URL (1)–(3)"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "The three URLs are lost in the scan. The page's example (its button #fp-example) is hand-made for the same site with made-up addresses, and the reveal of the printed digests tries every fragment that survives (p3.12, p3.13).",
        "zh": "三个 URL 在扫描件中缺失。页面的示例（按钮 #fp-example）是为同一所学校手工编写的，地址是虚构的；对印出摘要的还原尝试了残存的每个片段（p3.12、p3.13）。"
      }
    }
  },
  {
    "id": "p3.33",
    "section": "§3.3",
    "kind": "conclusion",
    "words": "HASH 函数处理单个线程的网络蜘蛛效率很低,在实际应用中很少",
    "printed": "",
    "topic": {
      "en": "a single-threaded spider is slow",
      "zh": "单线程网络蜘蛛效率很低"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A spider's single thread is slow because it waits on the network, which a URL list does not have. The lab's threads time only fingerprinting and the store (/threads gives each run's URLs per second on this machine), so they neither confirm nor refute it.",
        "zh": "单线程的网络蜘蛛慢，是因为要等网络，而 URL 列表没有网络。实验室的线程只计时指纹计算和入库（/threads 给出每次运行在本机上每秒处理的 URL 数），所以既不能证实也不能否定这句话。"
      }
    }
  },
  {
    "id": "p3.34",
    "section": "§3.3",
    "kind": "procedure",
    "words": "在搜索的过程中如果链接指向某线程负责域外的其它域,则将任务交给相关线程ID",
    "printed": "",
    "topic": {
      "en": "hand-off of links to the domain's thread; load balance",
      "zh": "链接交给负责该域的线程；负载平衡"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/threads/4/per_thread",
      "view": "fp-threads-table",
      "note": {
        "en": "URLs each of 2 threads was dealt: every URL goes to its registrable domain's owner before the clock starts (a URL list has no links found mid-crawl). Whole domains go to one thread, so the counts follow the domains' sizes and P3's 「实现负载的均衡」 does not follow from the dealing: compare the two counts.",
        "zh": "2 个线程各自分到的 URL 数：每个 URL 在计时开始前交给其可注册域名的负责线程（URL 列表没有爬行中途发现的链接）。整个域名都归一个线程，所以分到的数量取决于各域名的大小，P3 说的「实现负载的均衡」并不会因这种分配而自然成立：请比较这两个数。"
      }
    }
  },
  {
    "id": "p3.35",
    "section": "§3.3",
    "kind": "procedure",
    "words": "线程i 在写入数据时不需要锁定整个数据库,只需要锁定部分区域就行了,其它线程可以正常工作",
    "printed": "",
    "topic": {
      "en": "partial locks: a thread locks only its part of the store",
      "zh": "部分锁：线程只锁定库的一部分"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/threads/4/contended",
      "view": "fp-threads-table",
      "note": {
        "en": "Lock waits of 2 threads under P3's partial locks: 0 by construction, each thread locking only its own domains' part. Under one global lock (/threads/3/contended) the waits depend on timing and change from run to run.",
        "zh": "2 个线程在 P3 的部分锁下等锁的次数：按设计为 0，因为每个线程只锁自己域名的那一部分。在一把全局锁下（/threads/3/contended），等锁次数取决于时机，每次运行都不同。"
      }
    }
  },
  {
    "id": "p3.36",
    "section": "§3.3",
    "kind": "procedure",
    "words": "每个线程在将数据写入数据库前,都要检查该值是否已经存在于数据库中",
    "printed": "",
    "topic": {
      "en": "check before write",
      "zh": "写入前先检查"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/threads/4/distinct",
      "view": "fp-threads-table",
      "note": {
        "en": "Distinct URLs written by 2 threads under partial locks, each checking the store before writing: it must equal what one thread finds, the lines less the duplicates dropped (/threads/4/duplicates).",
        "zh": "2 个线程在部分锁下、每次写入前先查库，写入的不同 URL 数：它必须与单线程找到的相同，即行数减去被丢弃的重复（/threads/4/duplicates）。"
      }
    }
  },
  {
    "id": "p3.37",
    "section": "§3.3",
    "kind": "context",
    "words": "在大型商用搜索引擎中不但使用多线程技术,而且还需要多台计算机并行地抓取WEB 页面",
    "printed": "",
    "topic": {
      "en": "several machines crawling in parallel",
      "zh": "多台计算机并行抓取"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "P3 leaves it out (「此处不作论述」). Spreading URLs over crawl nodes is P1's and P2's subject, measured in their reports (urlhash paper p2).",
        "zh": "P3 没有论述（「此处不作论述」）。把 URL 分到各搜集节点是 P1 和 P2 的主题，在它们的报告中有实测（urlhash paper p2）。"
      }
    }
  },
  {
    "id": "p3.38",
    "section": "§4 结束语",
    "kind": "conclusion",
    "words": "这种方法在一定规模的模拟系统中取得了良好的效果",
    "printed": "",
    "topic": {
      "en": "good results in a simulated system",
      "zh": "在模拟系统中效果良好"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "No size, data, setting or number of the simulation is given, so there is nothing to compare with; the lab's own runs of the method are the items above.",
        "zh": "模拟系统的规模、数据、设置和数字都没有给出，无从比较；实验室对该方法的实测见上面各条。"
      }
    }
  },
  {
    "id": "p4.1",
    "section": "§1.2 1)",
    "kind": "procedure",
    "words": "在对URL进行去重的过程中,需要遍历数据库的每条记录,如果查找到与指定URL相同的记录,则认为URL应该去重,否则,将URL加入到任务队列当中",
    "printed": "",
    "topic": {
      "en": "database dedup: a scan of every record",
      "zh": "基于数据库的去重：逐条遍历记录"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/plans/0/1",
      "view": "table1-plans",
      "note": {
        "en": "SQLite's plan for the database-scan row: \"SCAN urls\", every record read, as P4 describes; the indexed row's plan is \"SEARCH urls USING PRIMARY KEY (url=?)\" (/table1/plans/1/1).",
        "zh": "数据库全表扫描一行的 SQLite 查询计划：「SCAN urls」，逐条读记录，正如 P4 所述；加索引一行的计划是「SEARCH urls USING PRIMARY KEY (url=?)」（/table1/plans/1/1）。"
      }
    }
  },
  {
    "id": "p4.2",
    "section": "§1.2 2)",
    "kind": "procedure",
    "words": "每次开始下载时把 URL写到内存的 hash表中,然后通过 hash表去重,这方案看上去很快,但有个严重问题,内存不可能这么大",
    "printed": "",
    "topic": {
      "en": "in-memory hash table: fast, but memory runs out",
      "zh": "基于内存的散列表：快，但内存不够"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/timed/2/heap_bytes_per_url",
      "view": "trie-table",
      "note": {
        "en": "Bytes per URL of a hash set of the URL strings built from the input; times 10 million it is the memory of a 10-million-URL crawl, so whether memory \"runs out\" is a matter of scale. Set it beside P4's own list on the same URLs (/timed/0/heap_bytes_per_url).",
        "zh": "由输入建成的 URL 字符串散列集合每个 URL 占的字节数；乘以 1 000 万就是抓取 1 000 万个 URL 所需的内存，所以内存是否「不可能这么大」取决于规模。可与同一批 URL 上 P4 自己的广义表对照（/timed/0/heap_bytes_per_url）。"
      }
    }
  },
  {
    "id": "p4.3",
    "section": "§1.2 3)",
    "kind": "procedure",
    "words": "这样一个 URL将创建一个深度为 32的磁盘路径. 当新链接到来时,首先检查其 MD5值对应的路径是否存在,如果存在则进行去重操作",
    "printed": "32",
    "topic": {
      "en": "disk paths: 32 nested directories per URL's MD5",
      "zh": "基于磁盘路径的去重：每个 URL 的 MD5 建 32 层目录"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/4/cost/entries",
      "view": "table1-md5-command",
      "note": {
        "en": "Directories made for the URLs of `urlhash paper p4 --md5-dirs N` (1 000 by default), one level per hex digit. With 32 levels per URL and only the first few shared, 1 000 distinct URLs should make about 30 150. The page cannot make directories: it gives the command.",
        "zh": "为 `urlhash paper p4 --md5-dirs N`（默认 1 000 个）的 URL 建的目录数，每个十六进制位一层。每个 URL 32 层、只有前几层共用，1 000 个不同的 URL 应建约 30 150 个目录。网页不能建目录，只给出命令。"
      }
    }
  },
  {
    "id": "p4.4",
    "section": "§1.2 4)",
    "kind": "number",
    "words": "使用布隆过滤器,它只需要哈希表 1/8到 1/4 的大小就能解决同样的问题",
    "printed": "1/8–1/4",
    "topic": {
      "en": "Bloom filter: 1/8 to 1/4 of a hash table",
      "zh": "布隆过滤器：散列表的 1/8 到 1/4"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fpr/0/bytes_per_key",
      "view": "bloom-memory-table",
      "note": {
        "en": "Bytes per URL of the filter at m/N = 16: 16 bits, 2 bytes, whatever the URL's length. Divide it by the bytes per URL of paper p4's hash set of MD5s (/timed/3/heap_bytes_per_url), or of its set of URL strings, to set against P4's \"1/8 to 1/4\"; 1/8 holds exactly against bare 16-byte fingerprint slots.",
        "zh": "m/N = 16 时过滤器每个 URL 占的字节数：16 比特，即 2 字节，与 URL 长短无关。用它除以 paper p4 报告中 MD5 散列集合（/timed/3/heap_bytes_per_url）或 URL 字符串散列集合每个 URL 的字节数，再与 P4 的「1/8 到 1/4」对照；只有对每槽 16 字节的指纹才恰好是 1/8。"
      }
    }
  },
  {
    "id": "p4.5",
    "section": "§1.2 4)",
    "kind": "formula",
    "words": "思路是:用一个 16倍大的地址空间,让所有 8个 hash函数都映射到这个地址空间里面",
    "printed": "m/N = 16, k = 8",
    "topic": {
      "en": "Bloom parameters: m/N = 16, k = 8",
      "zh": "布隆过滤器参数：m/N = 16，k = 8"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/paper_points/0/fpr_exact_at_this_n",
      "view": "bloom-papers",
      "note": {
        "en": "The false-positive rate these parameters give by the formula (1 − e^(−kN/m))^k at the N inserted: (1 − e^(−1/2))^8 ≈ 5.74e-4 whatever N, about one new URL in 1 700. P4 prints no rate.",
        "zh": "按公式 (1 − e^(−kN/m))^k，在实际插入的 N 下这组参数的误判率：(1 − e^(−1/2))^8 ≈ 5.74e-4，与 N 无关，约 1 700 个新 URL 中有一个被判为已见过。P4 没有给出误判率。"
      }
    }
  },
  {
    "id": "p4.6",
    "section": "§1.2 4)",
    "kind": "procedure",
    "words": "常见的补救办法是再建立一个小的白名单,存储那些可能被误判的邮件地址",
    "printed": "",
    "topic": {
      "en": "Bloom remedy: a whitelist of \"e-mail addresses\"",
      "zh": "布隆过滤器的补救：「邮件地址」白名单"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "A crawler's filter holds URLs, not e-mail addresses: this sentence, like \"1/8 to 1/4\" and \"16 times, 8 hash functions\", follows Wu Jun's essay on Bloom filters in his \"Beauty of Mathematics\" series (Google China's blog, 2007), whose example is a spam filter of 100 million e-mail addresses. For a crawler the remedy does not carry over: the URLs wrongly judged seen (by the formula about one new URL in 1 700 at m/N = 16, k = 8; P5's false-positive table measures it) are never fetched, so nothing reveals which to whitelist. The lab builds no whitelist.",
        "zh": "爬虫的过滤器存的是 URL，不是邮件地址：这句话和「1/8 到 1/4」「16 倍、8 个 hash 函数」一样，出自吴军《数学之美》系列讲布隆过滤器的一篇（Google 黑板报，2007），其例子是存 1 亿个邮件地址的垃圾邮件过滤器。对爬虫，这个补救办法用不上：被误判为已见过的 URL（按公式，m/N = 16、k = 8 时约 1 700 个新 URL 中有一个；P5 报告的误判率表给出实验室实测值）从不被下载，无从知道该把哪些放进白名单。实验室没有实现白名单。"
      },
      "view": ""
    }
  },
  {
    "id": "p4.7",
    "section": "§1.2 4)",
    "kind": "context",
    "words": "布隆过滤器是由巴顿·布隆于 1970年提出的",
    "printed": "1970",
    "topic": {
      "en": "Bloom filter: Burton Bloom, 1970",
      "zh": "布隆过滤器：巴顿·布隆，1970 年"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "History: Burton H. Bloom, \"Space/time trade-offs in hash coding with allowable errors\", Communications of the ACM 13(7), 1970. Nothing to run.",
        "zh": "历史：Burton H. Bloom 1970 年的论文（CACM 13(7)）。没有可运行的内容。"
      }
    }
  },
  {
    "id": "p4.8",
    "section": "§2.1",
    "kind": "procedure",
    "words": "public int totalpoint;",
    "printed": "",
    "topic": {
      "en": "GLTree and GLNode, P4's Java (data, head, tail, isRoot; totalpoint)",
      "zh": "GLTree 与 GLNode 的 Java 代码（data、head、tail、isRoot；totalpoint）"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl/total_points",
      "view": "trie-counts",
      "note": {
        "en": "GLTree's totalpoint after the input, read as the nodes created beside the tree's root (P4 never says what it counts); for Fig. 1's two URLs it would be 28. The lab's list keeps the Java layout (a char, head, tail, isRoot; the root's data '?').",
        "zh": "读完输入后 GLTree 的 totalpoint，按「除树根外新建的节点数」理解（P4 没有说它数什么）；对图 1 的两个 URL 应为 28。实验室的广义表沿用 Java 的布局（一个字符、head、tail、isRoot；根节点 data 为 '?'）。"
      }
    }
  },
  {
    "id": "p4.9",
    "section": "§2.1",
    "kind": "conclusion",
    "words": "改进后的广义表,每个节点地位相等,不分元素节点和非元素节点,同时,对于每个结点,增加了一个判断是否为 root节点的标志",
    "printed": "",
    "topic": {
      "en": "improved list: every node equal, plus an isRoot flag",
      "zh": "改进广义表：节点地位相等，另加 isRoot 标志"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl/root_nodes",
      "view": "trie-gl-text",
      "note": {
        "en": "Level roots (isRoot = true, data '?'; the tree's root included) in the list after the input, to set against all its nodes (/study/gl/nodes): for Fig. 1's two URLs, 14 of 29. The nodes share one class but play two roles, and the roots hold no character.",
        "zh": "读完输入后广义表中的层根节点（isRoot = true，data 为 '?'，含树根），可与全部节点数（/study/gl/nodes）对照：图 1 的两个 URL 是 29 个节点中的 14 个。节点同属一个类，却担任两种角色，层根节点不存字符。"
      }
    }
  },
  {
    "id": "p4.10",
    "section": "§2.1 图 1",
    "kind": "figure",
    "words": "对于 sina com, sohu com这 2个 URL的网址,我们构造改进的广义表结构图如图 1",
    "printed": "",
    "topic": {
      "en": "Fig. 1: the list of sina.com and sohu.com (image lost in the scan)",
      "zh": "图 1：sina.com 与 sohu.com 的广义表（扫描件丢了图）"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl/nodes",
      "view": "trie-svg",
      "note": {
        "en": "Nodes of the list built from the input, the tree's root included; on a file of Fig. 1's two URLs it is 29 (15 chars, 14 level roots). The scan lost the image (and the dots: \"sina com\" is sina.com); the page redraws Fig. 1 from P4's example, step by step.",
        "zh": "由输入建成的广义表的节点数（含树根）；若输入就是图 1 的两个 URL，则为 29（15 个字符节点、14 个层根节点）。扫描件丢了图（也丢了点号：「sina com」即 sina.com）；网页按 P4 的例子逐步重画图 1。"
      }
    }
  },
  {
    "id": "p4.11",
    "section": "§2.2 1) 图 2",
    "kind": "procedure",
    "words": "如果这个字母对应的节点存在,则 GLTree在这一个节点执行 goHead()操作,转向 head指针进入下一层继续执行遍历",
    "printed": "",
    "topic": {
      "en": "Fig. 2: insertion (goHead; a new level root and char node; the current pointer)",
      "zh": "图 2：动态插入（goHead；新建层根节点和字符节点；current 指针）"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/insert_walk/mean_siblings_walked",
      "view": "trie-step-text",
      "note": {
        "en": "Nodes passed along a level per insertion, on average, as the list grew from the input: the price of levels chained by tail links (the most for one URL is /study/insert_walk/max_siblings_walked). The flow chart is lost in the scan; the page animates every step (goHead, new level root, new char node).",
        "zh": "按输入逐个插入时，每次插入平均沿同一层走过的节点数：这是用 tail 指针串起一层的代价（单个 URL 的最多值见 /study/insert_walk/max_siblings_walked）。流程图在扫描件中丢失；网页逐步演示每一步（goHead、新建层根节点、新建字符节点）。"
      }
    }
  },
  {
    "id": "p4.12",
    "section": "§2.2 2) 图 3",
    "kind": "procedure",
    "words": "如果当前的字母对应的节点不存在,这说明该 URL没有被爬行过,可以将其路由到等待队列当中",
    "printed": "",
    "topic": {
      "en": "Fig. 3: the dedup walk",
      "zh": "图 3：去重遍历"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/3/found",
      "view": "trie-step-text",
      "note": {
        "en": "Lookups of one Table 1 pass that P4's walk found in the list. The lookups alternate stored URLs with others, so a correct walk finds only the stored half; more means an unstored URL judged seen (p4.13). The flow chart is lost in the scan; the page animates the walk.",
        "zh": "表 1 的一轮查找中，P4 的遍历在广义表里找到的个数。查找的 URL 已存的与未存的交替出现，正确的遍历只找到已存的那一半；多出的是未存却被判为已见过的 URL（见 p4.13）。流程图在扫描件中丢失；网页逐步演示遍历。"
      }
    }
  },
  {
    "id": "p4.13",
    "section": "§2.2 2)",
    "kind": "procedure",
    "words": "如果字母遍历到整个 URL的最后一个字母,依然存在对应的节点,则该 URL已经爬行过,说明该URL需要去重",
    "printed": "",
    "topic": {
      "en": "no end-of-URL mark: a prefix of a stored URL reads as seen",
      "zh": "没有 URL 结束标记：已存 URL 的前缀被判为已见过"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/flaw/false_duplicates",
      "view": "trie-flaw-text",
      "note": {
        "en": "URLs P4's list judged seen only because they are prefixes of a stored URL. It can be above 0 only when the input holds such prefixes (/study/flaw/prefix_urls); the built-in corpus has none, real lists do. The page's flaw panel compares a stored URL with its prefix, as printed and with the lab's end marks.",
        "zh": "仅因是已存 URL 的前缀而被 P4 的广义表判为已见过的 URL 数。只有输入中有这样的前缀时它才可能大于 0（/study/flaw/prefix_urls）；内置语料中没有，真实的 URL 列表中有。网页的缺陷演示把已存 URL 与它的前缀对比，分按原文代码和加上实验室的结束标记两种。"
      }
    }
  },
  {
    "id": "p4.14",
    "section": "§2.2 1)",
    "kind": "context",
    "words": "当分布式网络爬虫系统的每个附属服务器分析爬行一个 URL 结束后,这个附属服务器会将该 URL 发送到总控服务器当中",
    "printed": "",
    "topic": {
      "en": "master and subsidiary servers: inserts and dedup on the master",
      "zh": "总控服务器与附属服务器：插入和去重都在总控服务器上"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Architecture: the lab runs no network of servers; the list runs in one process, and what the master spends per dedup is what Table 1 times (p4.15–p4.17).",
        "zh": "系统结构：实验室没有运行多台服务器；广义表在一个进程中运行，总控服务器每次去重的耗时就是表 1 所测的（p4.15–p4.17）。"
      }
    }
  },
  {
    "id": "p4.15",
    "section": "§3.1 表 1",
    "kind": "table",
    "words": "数据库 968",
    "printed": "968 ms",
    "topic": {
      "en": "Table 1: database, 968 ms",
      "zh": "表 1：数据库，968 ms"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/0/measured_ms",
      "view": "table1-table",
      "note": {
        "en": "ms per lookup in a SQLite table of Table 1's stored URLs (16 000 by default, as in P4), scanned row by row (plan SCAN urls) on the machine running the lab. P4's 968 ms is 1 210 × its list's 0.8 ms: compare that ratio with this row's (/table1/rows/0/vs_list), not the times.",
        "zh": "在存有表 1 的 URL（默认与 P4 相同，16 000 个）的 SQLite 表中逐行扫描（查询计划 SCAN urls），每次查找的毫秒数，在运行实验室的机器上测得。P4 的 968 ms 是其广义表 0.8 ms 的 1 210 倍：应拿这个倍数与本行的倍数（/table1/rows/0/vs_list）比较，而不是比时间。"
      }
    }
  },
  {
    "id": "p4.16",
    "section": "§3.1 表 1",
    "kind": "table",
    "words": "内存链表 15",
    "printed": "15 ms",
    "topic": {
      "en": "Table 1: in-memory linked list, 15 ms",
      "zh": "表 1：内存链表，15 ms"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/2/measured_ms",
      "view": "table1-table",
      "note": {
        "en": "ms per lookup in a linked list of Table 1's stored URL strings (16 000 by default), scanned from its head on the machine running the lab. P4's 15 ms is about 19 × its list's 0.8 ms: compare that ratio with this row's (/table1/rows/2/vs_list), not the times.",
        "zh": "在存有表 1 的 URL 字符串（默认 16 000 个）的链表中从表头逐个比较，每次查找的毫秒数，在运行实验室的机器上测得。P4 的 15 ms 约是其广义表 0.8 ms 的 19 倍：应拿这个倍数与本行的倍数（/table1/rows/2/vs_list）比较，而不是比时间。"
      }
    }
  },
  {
    "id": "p4.17",
    "section": "§3.1 表 1",
    "kind": "table",
    "words": "因此我们进行了 20次去重操作,最后得到平均耗时为 0.8ms",
    "printed": "0.8 ms",
    "topic": {
      "en": "Table 1: improved list, 0.8 ms, the mean of 20 dedups",
      "zh": "表 1：改进广义表，0.8 ms，20 次去重的平均"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/3/measured_ms",
      "view": "table1-table",
      "note": {
        "en": "ms per lookup in P4's list holding Table 1's stored URLs (16 000 by default): the mean of repeated passes of 1 000 lookups (/table1/rows/3/passes), not of 20 dedups. P4's 0.8 ms is about one 15.625 ms tick over 20 (p4.19).",
        "zh": "P4 的广义表存表 1 的 URL（默认 16 000 个）时每次查找的毫秒数：是多轮、每轮 1 000 次查找的平均（轮数见 /table1/rows/3/passes），而不是 20 次去重的平均。P4 的 0.8 ms 约是一个 15.625 ms 刻度除以 20（见 p4.19）。"
      }
    }
  },
  {
    "id": "p4.18",
    "section": "§3.1",
    "kind": "context",
    "words": "试验采用迅驰 1.86G,1G内存的计算机,并于java环境测试",
    "printed": "1.86 GHz, 1 GB",
    "topic": {
      "en": "the machine: Centrino 1.86 GHz, 1 GB, Java, Eclipse",
      "zh": "实验机器：迅驰 1.86 GHz，1 GB 内存，Java，Eclipse"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A 2009 machine and JVM the lab does not have; it times the same stores on the machine it runs on, so the ratios to the list are what compare (p4.15–p4.17).",
        "zh": "2009 年的机器和 JVM，实验室没有；实验室在运行它的机器上测同样的几种存储方式，可比的是与广义表的倍数（p4.15–p4.17）。"
      }
    }
  },
  {
    "id": "p4.19",
    "section": "§3.1 表 1",
    "kind": "number",
    "words": "Eclipse无法计算到单次去重毫秒级别的耗时",
    "printed": "968 / 15 / 0.8 ms",
    "topic": {
      "en": "Table 1's times are whole ticks of a 15.625 ms clock",
      "zh": "表 1 的时间都是 15.625 ms 时钟的整数个刻度"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/tick_fit",
      "view": "table1-ticks",
      "note": {
        "en": "Each printed time against whole ticks of a 15.625 ms clock (Java's System.currentTimeMillis() on Windows XP; an inference, P4 names no clock): 968 ≈ 62 ticks (−0.75 ms), 15 ≈ 1 tick (−0.625), 20 × 0.8 = 16 ≈ 1 tick (+0.375). The two lists' figures say little more than \"under one tick\".",
        "zh": "每个印刷值与 15.625 ms 时钟整数刻度的比较（Windows XP 上 Java 的 System.currentTimeMillis()；这是推断，P4 没有说用的什么时钟）：968 ≈ 62 个刻度（−0.75 ms），15 ≈ 1 个刻度（−0.625），20 × 0.8 = 16 ≈ 1 个刻度（+0.375）。两种表的数值只说明「不到一个刻度」。"
      }
    }
  },
  {
    "id": "p4.20",
    "section": "§1.2 2), §3.1 表 1",
    "kind": "table",
    "words": "内存链表",
    "printed": "15 ms",
    "topic": {
      "en": "Table 1 times a linked list; §1.2 describes a hash table",
      "zh": "表 1 测的是链表，§1.2 讲的是散列表"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "§1.2 2) describes the in-memory method as a hash table (\"写到内存的 hash表中\"), but Table 1 times a 内存链表, a linked list. 15 ms fits a list scanned string by string; a hash set answers with one hash and one comparison, where P4's list walks a level per character past the siblings on each, so against the method §1.2 names the list loses. The page's verdict and `urlhash paper p4` compare the two, timed the same way, on the loaded URLs.",
        "zh": "§1.2 2) 说基于内存的方法用散列表（「写到内存的 hash表中」），表 1 测的却是「内存链表」。15 ms 符合逐个比较字符串的链表扫描；散列集合算一次散列、比较一次即可回答，而 P4 的广义表每个字符走一层，还要走过层上的兄弟节点，所以与 §1.2 所说的方法相比，广义表反而更慢。网页的结论一栏和 `urlhash paper p4` 以同样的计时方式在所载入的 URL 上比较两者。"
      },
      "view": "trie-p4-verdict"
    }
  },
  {
    "id": "p4.21",
    "section": "§3.2",
    "kind": "number",
    "words": "实验数据中,当有 1万条 URL数据的时候,占用的内存大小为 2MB",
    "printed": "2 MB / 10 000 URLs",
    "topic": {
      "en": "memory: 2 MB for 10 000 URLs",
      "zh": "内存：1 万条 URL 占 2 MB"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/checkpoints/4/rows/0/java_bytes_per_url",
      "view": "trie-growth-chart",
      "note": {
        "en": "P4's list at the input's first 10 000 URLs, on P4's JVM (an estimate at 24 bytes a node), in bytes per URL. P4's 2 MB / 10 000 is 209.7, room for only 8.7 Java nodes per URL (/study/claims/java_nodes_per_url), while an unshared character costs about two nodes: only URLs sharing long prefixes come near it.",
        "zh": "输入的前 1 万个 URL 建成的 P4 广义表，按 P4 的 JVM 估算（每节点 24 字节）的每个 URL 字节数。P4 的 2 MB / 1 万条是 209.7 字节，每个 URL 只容得下 8.7 个 Java 节点（/study/claims/java_nodes_per_url），而每个不共用的字符约需两个节点：只有前缀共用很长的 URL 才能接近它。"
      }
    }
  },
  {
    "id": "p4.22",
    "section": "§3.2",
    "kind": "number",
    "words": "假设一共有 1千万个网站需要爬行,则一共需要 2GB的内存",
    "printed": "1 千万个网站 → 2 GB",
    "topic": {
      "en": "extrapolation: \"10 million sites\" in 2 GB (sites for URLs)",
      "zh": "线性外推：「1 千万个网站」需 2 GB（网站应为 URL）"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "A slip: 2 MB per 10 000 URLs × 1 000 = 2 GB holds for 10 million URLs, not sites. At P2's 972.8 pages per site, 10 million sites are about 9.7 billion URLs, about 2 TB at P4's own rate. The lab extrapolates to 10 million URLs (/study/claims/extrapolated_urls), and the P4 lesson (step 3) says the slip.",
        "zh": "笔误：每 1 万条 URL 2 MB × 1 000 = 2 GB，对应的是 1 000 万个 URL，不是网站。按 P2 每个网站 972.8 个网页计，1 000 万个网站约 97 亿个 URL，按 P4 自己的比率约需 2 TB。实验室按 1 000 万个 URL 外推（/study/claims/extrapolated_urls），P4 课程（第 3 步）指出了这一笔误。"
      },
      "view": ""
    }
  },
  {
    "id": "p4.23",
    "section": "§3.2",
    "kind": "conclusion",
    "words": "由于公用节点现象的普遍存在,实际占用的内存空间应该比 2GB小",
    "printed": "< 2 GB",
    "topic": {
      "en": "shared nodes: \"really under 2 GB\"",
      "zh": "公用节点：「实际应比 2GB 小」"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl/java_bytes_per_url",
      "view": "trie-gl-text",
      "note": {
        "en": "P4's list after the input's URLs, on P4's JVM (an estimate), in bytes per URL. Shared nodes lower it as the list grows (compare p4.21 at 10 000 URLs), but \"under 2 GB\" for 10 million URLs needs under 209.7 bytes per URL, P4's 2 MB / 10 000.",
        "zh": "输入的 URL 建成的 P4 广义表，按 P4 的 JVM 估算的每个 URL 字节数。公用节点让它随广义表增大而下降（可与 p4.21 的 1 万个 URL 时对照），但 1 000 万个 URL「比 2GB 小」要求每个 URL 少于 209.7 字节，即 P4 的 2 MB / 1 万条。"
      }
    }
  },
  {
    "id": "p4.24",
    "section": "§4 结论",
    "kind": "conclusion",
    "words": "在一定程度上避免了采用通用大型数据库(如Oracle, DB2)的时空开销",
    "printed": "",
    "topic": {
      "en": "avoids the cost of a large database (Oracle, DB2)",
      "zh": "避免了大型数据库（Oracle、DB2）的时空开销"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/1/measured_ms",
      "view": "table1-table",
      "note": {
        "en": "SQLite stands in for Oracle and DB2: ms per lookup with an index on the URL (plan SEARCH urls USING PRIMARY KEY), to set beside the scan's row and the list's; its file's size is /table1/rows/1/cost/disk_bytes. P4's 968 ms is a full scan's, not a database's at its best.",
        "zh": "以 SQLite 代替 Oracle、DB2：在 URL 上加索引后每次查找的毫秒数（查询计划 SEARCH urls USING PRIMARY KEY），可与全表扫描一行和广义表一行对照；其文件大小见 /table1/rows/1/cost/disk_bytes。P4 的 968 ms 是全表扫描的时间，不是数据库的最好水平。"
      }
    }
  },
  {
    "id": "p4.25",
    "section": "摘要",
    "kind": "conclusion",
    "words": "使总控服务器上的去重不再成为整个系统的瓶颈",
    "printed": "",
    "topic": {
      "en": "the master's dedup no longer the system's bottleneck",
      "zh": "总控服务器上的去重不再是系统瓶颈"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "No distributed crawler is run: whether the master's dedup is the bottleneck depends on the crawl rate and the network, which P4 does not give. The time per dedup itself is measured (p4.15–p4.17); §4 repeats the claim (\"缓解了总控服务器上的去重对于整个系统的瓶颈问题\").",
        "zh": "实验室没有运行分布式爬虫：总控服务器上的去重是不是瓶颈，取决于抓取速率和网络，P4 都没有给出。每次去重的时间本身已测（p4.15–p4.17）；§4 重复了这一说法（「缓解了总控服务器上的去重对于整个系统的瓶颈问题」）。"
      }
    }
  },
  {
    "id": "p4.26",
    "section": "§1.1",
    "kind": "context",
    "words": "独立的连接有上百亿个[…]就算是最小的爬虫,URL库也是百万数据量级的",
    "printed": "上百亿; 百万",
    "topic": {
      "en": "tens of billions of links; a million URLs even for the smallest crawler",
      "zh": "上百亿个链接；最小的爬虫也有百万量级的 URL"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Statistics given without a source or a year; nothing to run.",
        "zh": "没有出处和年份的统计数字；没有可运行的内容。"
      }
    }
  },
  {
    "id": "p4.27",
    "section": "§1.2 1)",
    "kind": "conclusion",
    "words": "当数据库的记录数超过百万时,数据库的性能会急剧下降",
    "printed": "10^6",
    "topic": {
      "en": "a database slows sharply beyond a million records",
      "zh": "数据库记录数超过百万时性能急剧下降"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1_scale/growth/0/exponent",
      "view": "table1-table",
      "note": {
        "en": "How the database scan's lookup time grew against the records, from 10 000 to the most stored (10^6 needs an input of a million distinct URLs): time ∝ records^exponent, so 1 is linear, as a scan is, and only above 1 would the database \"fall off sharply\". The indexed table, the lists and the other sizes are in /table1_scale (`urlhash paper p4 --table1-scale`); the page times 16 000 records.",
        "zh": "数据库全表扫描的查找时间随记录数增长的情况，从 1 万条到所存的最多条数（10^6 需要一百万个不同 URL 的输入）：时间 ∝ 记录数^指数，指数为 1 即线性（扫描本应如此），只有大于 1 才算「急剧下降」。加索引的表、两种链表与其他规模见 /table1_scale（`urlhash paper p4 --table1-scale`）；页面只测 16 000 条记录。"
      }
    }
  },
  {
    "id": "p4.28",
    "section": "§1.2 1)",
    "kind": "context",
    "words": "基于数据库的去重方式是比较常用的一种分布式网络爬虫的去重方案,因为它的URL去重稳定性非常高,也非常适合URL的任务调度",
    "printed": "",
    "topic": {
      "en": "database dedup: common, stable, suited to scheduling",
      "zh": "基于数据库的去重：常用、稳定、适合任务调度"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A qualitative judgement (stability, scheduling) with no measure attached; the lab times the database only (p4.15, p4.24).",
        "zh": "定性判断（稳定性、任务调度），没有可测的量；实验室只测数据库的时间（p4.15、p4.24）。"
      }
    }
  },
  {
    "id": "p4.29",
    "section": "§1.2 3)",
    "kind": "conclusion",
    "words": "此种基于路径的去重方式具有较高的时间效率",
    "printed": "",
    "topic": {
      "en": "disk paths: fast",
      "zh": "基于磁盘路径的去重：时间效率较高"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/4/measured_ms",
      "view": "table1-md5-command",
      "note": {
        "en": "ms per lookup in the MD5 directories holding the `--md5-dirs` URLs, to set beside the list's and the database scan's; the price is making the paths (/table1/rows/4/insert_ms). Command line only.",
        "zh": "MD5 目录存 `--md5-dirs` 个 URL 时每次查找的毫秒数，可与广义表和数据库全表扫描对照；代价在于建路径（/table1/rows/4/insert_ms）。仅命令行可测。"
      }
    }
  },
  {
    "id": "p4.30",
    "section": "§1.2 3)",
    "kind": "conclusion",
    "words": "对应每个 URL都创建了相应的路径,将使系统碎片增大,最终会导致总控服务器的磁盘系统崩溃瘫痪的后果",
    "printed": "",
    "topic": {
      "en": "disk paths: fragmentation, fine only on a LAN",
      "zh": "基于磁盘路径的去重：碎片增大，只适合局域网"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/4/cost/disk_bytes",
      "view": "table1-md5-command",
      "note": {
        "en": "Bytes the file system reports for the `--md5-dirs` URLs' directories, about 30 per URL and each usually a disk block; divide by the URLs and set it beside the SQLite file's bytes per URL (/table1/rows/1/cost/disk_bytes). The crash itself is not run.",
        "zh": "文件系统报告的 `--md5-dirs` 个 URL 的目录占用字节数，每个 URL 约 30 个目录，每个目录通常占一个磁盘块；除以 URL 数后可与 SQLite 文件每个 URL 的字节数（/table1/rows/1/cost/disk_bytes）对照。磁盘「崩溃瘫痪」本身没有模拟。"
      }
    }
  },
  {
    "id": "p4.31",
    "section": "§1.2 3)",
    "kind": "number",
    "words": "首先对其进行 MD5编码,得到 32位长的 MD5值,然后将 MD5值分割为 32位的数组",
    "printed": "32位",
    "topic": {
      "en": "\"a 32-位 MD5 value\": 32 hex digits",
      "zh": "「32位长的MD5值」：32 个十六进制位"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "An MD5 value is 128 bits; \"32位\" must be read as 32 hex digits (位 as digit, not bit). Read as 32 bits, the path would be 32 binary levels holding at most 2^32 URLs. The lab reads hex digits, 16 directories to a level: for 1 000 distinct URLs 32 hex levels predict about 30 150 directories (16 + 251 + 887 + 992 + about 28 × 1 000), and `urlhash paper p4 --md5-dirs` counts those it makes (/table1/rows/4/cost/entries).",
        "zh": "MD5 值是 128 比特；「32位」只能理解为 32 个十六进制位（「位」指数位，不是比特）。若按 32 比特理解，路径就是 32 层二叉目录，至多容纳 2^32 个 URL。实验室按十六进制位读，每层 16 个目录：对 1 000 个不同的 URL，32 层十六进制位预计约建 30 150 个目录（16 + 251 + 887 + 992 + 约 28 × 1 000），`urlhash paper p4 --md5-dirs` 给出实际建的个数（/table1/rows/4/cost/entries）。"
      },
      "view": ""
    }
  },
  {
    "id": "p4.32",
    "section": "§1.2 4)",
    "kind": "conclusion",
    "words": "一般来讲,计算机中的集合是用哈希表 (hash table)来存储的.它的好处是快速准确,缺点是费存储空间",
    "printed": "",
    "topic": {
      "en": "a hash table: fast and exact, but costly in memory",
      "zh": "散列表：快速准确，但费存储空间"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/timed/2/lookup_us_at_16000",
      "view": "trie-table",
      "note": {
        "en": "µs per lookup in a hash set of the URL strings with P4's 16 000 stored (empty when the input has fewer), beside the five other structures in the same table; its bytes per URL stand there too, against a Bloom filter's 2 at m/N = 16.",
        "zh": "URL 字符串散列集合存 P4 的 16 000 个 URL 时每次查找的微秒数（输入不足 16 000 个时为空），同一表中并列另外五种结构；它每个 URL 的字节数也在表中，可与 m/N = 16 的布隆过滤器的 2 字节对照。"
      }
    }
  },
  {
    "id": "p4.33",
    "section": "§1.2 4)",
    "kind": "number",
    "words": "布隆过滤器的好处在于快速、省空间.但是有一定的误识别率",
    "printed": "",
    "topic": {
      "en": "Bloom filter: \"a certain misrecognition rate\"",
      "zh": "布隆过滤器：「有一定的误识别率」"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fpr/0/measured",
      "view": "bloom-table",
      "note": {
        "en": "False-positive rate measured at P4's m/N = 16, k = 8 (independent positions): the held-out URLs judged seen over all held-out URLs, with its 95 % interval; the formula gives 5.74e-4. P4 gives no rate.",
        "zh": "按 P4 的 m/N = 16、k = 8（各位置独立）实验室实测的误判率：被判为已见过的留出 URL 占全部留出 URL 的比例，附 95% 区间；公式值为 5.74e-4。P4 没有给出误判率。"
      }
    }
  },
  {
    "id": "p4.34",
    "section": "§2.1",
    "kind": "context",
    "words": "传统广义表定义了2种类型的节点,即普通节点和元素节点,这表明,一个广义表一旦创建,则不能进行动态的添加",
    "printed": "",
    "topic": {
      "en": "the traditional generalized list (LISP; two node kinds) cannot grow",
      "zh": "传统广义表（LISP；两种节点）不能动态添加"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "An argument about the textbook structure (Yan Weimin's Data Structures, P4's ref. [6]); the lab builds only P4's improved list, so there is no traditional list to time against it.",
        "zh": "关于教科书结构（严蔚敏《数据结构》，P4 的文献 [6]）的论证；实验室只实现了 P4 的改进广义表，没有传统广义表可与之比较。"
      }
    }
  },
  {
    "id": "p4.35",
    "section": "§2.1",
    "kind": "procedure",
    "words": "例如 sina com 这个 URL,将其分割成 s, i, n, a,., c, o, m这 8个单个的字母存储成一个广义表",
    "printed": "8",
    "topic": {
      "en": "one node per character: sina.com is 8 letters",
      "zh": "每个字符一个节点：sina.com 是 8 个字母"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl/mean_depth",
      "view": "trie-gl-text",
      "note": {
        "en": "Levels a stored URL takes in the list, on average over the input: one per character (sina.com takes 8), each with its level root and char node where no prefix is shared.",
        "zh": "输入中每个已存 URL 在广义表中平均占的层数：每个字符一层（sina.com 占 8 层）；前缀不共用之处，每层都有一个层根节点和一个字符节点。"
      }
    }
  },
  {
    "id": "p4.36",
    "section": "§3.1",
    "kind": "number",
    "words": "试验过程当中我们采取了 1万 6千条 URL作为试验数据",
    "printed": "16 000",
    "topic": {
      "en": "Table 1's test data: 16 000 URLs",
      "zh": "表 1 的试验数据：1 万 6 千条 URL"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/stored",
      "view": "table1-caption",
      "note": {
        "en": "URLs stored in each store before timing: the input's first distinct URLs, 16 000 as in P4 unless the input has fewer or `--table1-urls` asks for another number; the lookups alternate them with as many others. P4 names no source for its own.",
        "zh": "计时前每种存储方式存入的 URL 数：取输入中最先的不同 URL，与 P4 相同为 16 000 个，除非输入不足或 `--table1-urls` 另行指定；查找时已存的 URL 与同样多的其他 URL 交替。P4 没有说明它的 URL 从哪里来。"
      }
    }
  },
  {
    "id": "p4.37",
    "section": "§3.1",
    "kind": "conclusion",
    "words": "可见,在时间效率上面,基于改进的广义表的方式时间效率大大优于基于数据库的去重方式和基于内存链表的去重算法",
    "printed": "",
    "topic": {
      "en": "the list far faster than the database and the linked list",
      "zh": "改进广义表的时间效率大大优于数据库和内存链表"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/table1/rows/0/vs_list",
      "view": "table1-table",
      "note": {
        "en": "The database scan's time over the list's, measured; P4's is 968 / 0.8 = 1 210, and the linked list's ratio is /table1/rows/2/vs_list (P4: 19). What P4's words need is the order: an indexed table narrows the gap and a hash set, the method §1.2 names, reverses it (p4.20, p4.24).",
        "zh": "数据库全表扫描与广义表的用时之比（实验室实测）；P4 的是 968 / 0.8 = 1 210，内存链表的比值见 /table1/rows/2/vs_list（P4：19）。P4 这句话要的是先后顺序：加索引的表缩小了差距，而 §1.2 所说的散列集合反超广义表（见 p4.20、p4.24）。"
      }
    }
  },
  {
    "id": "p4.38",
    "section": "§3.2",
    "kind": "conclusion",
    "words": "只要主控服务器的内存大于 2GB,整个系统的正常运行是可能的",
    "printed": "2 GB",
    "topic": {
      "en": "a master with over 2 GB suffices",
      "zh": "主控服务器内存大于 2GB 即可正常运行"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/checkpoints/4/rows/0/linear_bytes_at_10m",
      "view": "trie-table",
      "note": {
        "en": "P4's own method on the input: the list's bytes at 10 000 URLs, times 1 000, in the lab's Rust list (12 bytes a node; P4's JVM, at 24, takes up to twice as much): compare with 2 GB.",
        "zh": "按 P4 自己的方法在本输入上计算：1 万个 URL 时广义表的字节数乘以 1 000（实验室的 Rust 实现，每节点 12 字节；P4 的 JVM 每节点 24 字节，至多为两倍），与 2GB 比较。"
      }
    }
  },
  {
    "id": "p4.39",
    "section": "§4 结论",
    "kind": "conclusion",
    "words": "在通过对网页内容及爬行过程当中 URL队列的保存采用内存改进广义表的形式",
    "printed": "",
    "topic": {
      "en": "conclusion: page contents kept in the list too",
      "zh": "结论：网页内容也用改进广义表保存"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Nothing in §2–§3 stores page contents: the list holds URL strings split into letters (§2.1), and every figure and number is about URLs. The conclusion claims more than the paper shows.",
        "zh": "§2–§3 没有任何地方保存网页内容：广义表存的是拆成字母的 URL 字符串（§2.1），所有的图和数字都只涉及 URL。结论说得比正文多。"
      },
      "view": ""
    }
  },
  {
    "id": "p4.40",
    "section": "参考文献",
    "kind": "context",
    "words": "[3 池 静. B loom Filter和 Weighted B loom Filter的比较与研究[J]",
    "printed": "",
    "topic": {
      "en": "references: Bloom-filter works cited for other things",
      "zh": "参考文献：讲布隆过滤器的文献被引在别处"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "The citations do not match what they support: [3], a comparison of Bloom and weighted Bloom filters, is cited for the MD5 disk-path method; [5], a blog post on Bloom-filter URL dedup, is cited for P4's own generalized-list algorithm (§2). No work cited describes the disk-path method or the list.",
        "zh": "引文与所支持的内容对不上：[3] 比较布隆过滤器与加权布隆过滤器，却被引在 MD5 磁盘路径方法处；[5] 是讲布隆过滤器 URL 去重的博客，却被引在 P4 自己的改进广义表算法处（§2）。所引文献中没有一篇讲磁盘路径方法或这种广义表。"
      },
      "view": ""
    }
  },
  {
    "id": "p5.1",
    "section": "引言",
    "kind": "context",
    "words": "近似网页的比例占全部网页的 29%。[…]Google 和 Baidu 的重复网页占全部网页的比率分别为 3.4% 和 2.1%^[1]。[…]发现重复网页占全部网页的比率约为 7.8%",
    "printed": "29%; 3.4%, 2.1%; 7.8%",
    "topic": {
      "en": "duplicate shares P5 cites",
      "zh": "P5 引用的重复网页比例"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Citations, not measurements of P5's data: 29 % without a source, 3.4 % and 2.1 % from Tsinghua's IT usability lab through ref. [1], 7.8 % from the authors' own count of State Grid pages, method not given; the lab has none of these pages. The report keeps the four shares (duplicate_shares) and Fig. 3's streams repeat 29 % of their pages by default, a setting of the lab: P5 never says what share of its own data repeated.",
        "zh": "这些是引用，不是对 P5 自己数据的测量：29% 未注来源，3.4% 和 2.1% 经文献 [1] 引自清华大学 IT 可用性实验室，7.8% 是作者对国家电网网页的统计，方法未说明；实验室没有这些网页。报告保存这四个比例（duplicate_shares），图 3 的网页流默认有 29% 的网页重复，这是实验室的设定：P5 从未说明它自己的数据中有多少重复。"
      }
    }
  },
  {
    "id": "p5.2",
    "section": "引言",
    "kind": "context",
    "words": "文献[2]指出网页去重的方法有三类:基于网页结构和特征的抽取指纹信息方法、基于网页内容的聚类方法、基于同源网页的 URL 方法。本文只针对基于同源网页的 URL 去重的研究。",
    "printed": "",
    "topic": {
      "en": "three families of dedup; P5 studies URLs only",
      "zh": "三类去重方法；P5 只研究 URL 去重"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A survey's classification (ref. [2]), context only. The lab, like P5, dedups URLs: it fingerprints no page structure and clusters no page content, so the near-duplicate pages of P5's 29 % under different URLs are out of its reach, as they are of P5's method.",
        "zh": "这是一篇综述的分类（文献 [2]），只作背景。实验室与 P5 一样只对 URL 去重：不对网页结构取指纹，也不对网页内容聚类，所以 P5 所说 29% 的近似网页若 URL 不同，实验室和 P5 的方法都发现不了。"
      }
    }
  },
  {
    "id": "p5.3",
    "section": "§1.1",
    "kind": "conclusion",
    "words": "此外使用的是 URL 作为键,URL 字符串也占用了很大的存储空间。",
    "printed": "",
    "topic": {
      "en": "a hash table keyed by URL strings costs memory",
      "zh": "以 URL 字符串为键的散列表占用内存"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/timed/2/heap_bytes_per_url",
      "view": "trie-table",
      "note": {
        "en": "Bytes per URL of a hash set of the URL strings, on the same input; the MD5 set beside it is /timed/3.",
        "zh": "以 URL 字符串为元素的散列集合每个 URL 占用的字节数（同一输入）；旁边 MD5 集合的值在 /timed/3。"
      }
    }
  },
  {
    "id": "p5.4",
    "section": "§1.1",
    "kind": "conclusion",
    "words": "文献[6-7]提出基于查找树的网页 URL 去重算法,也可以节约存储空间,用于 URL 检索时,检索算法的时间复杂度是 O(n),其中 n 是树的层数",
    "printed": "O(n), n = 树的层数",
    "topic": {
      "en": "search-tree dedup: O(n) in the tree's levels",
      "zh": "查找树去重：检索为树层数的 O(n)"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/study/gl_fixed/mean_depth",
      "view": "trie-gl-text",
      "note": {
        "en": "P4's trie (its generalized list), the nearest the lab has to refs [6–7]'s search tree: the mean number of levels a URL descends, P5's n; refs [6–7] themselves are not built.",
        "zh": "P4 的字典树（trie，即其广义表），是实验室中最接近文献 [6–7] 查找树的结构：一个 URL 平均下降的层数，即 P5 的 n；文献 [6–7] 本身的结构没有实现。"
      }
    }
  },
  {
    "id": "p5.5",
    "section": "§2.1 图 1",
    "kind": "procedure",
    "words": "如果 MD5 指纹库中存在指纹值 MD5-value,说明已经存在相同的网页,则将该网页删除,并更新指纹库信息,使指纹值 MD5-value 引用次数加 1。",
    "printed": "",
    "topic": {
      "en": "Fig. 1: the fingerprint store alone",
      "zh": "图 1：单独使用指纹库的去重流程"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3/3/store_found",
      "view": "p5fig3-table",
      "note": {
        "en": "Fig. 1 run over Fig. 3's largest stream: the pages the store alone found (reference count + 1), equal to the stream's repeats.",
        "zh": "在图 3 最大的网页流上运行图 1：单独的指纹库查到的网页数（引用次数加 1），与流中的重复数相等。"
      }
    }
  },
  {
    "id": "p5.6",
    "section": "§1.2",
    "kind": "procedure",
    "words": "在插入元素的时候,通过对计数器的值进行加 1 操作来代替置 1 操作;在删除元素的时候,不是进行置 0,而是在计数器的值上减 1",
    "printed": "",
    "topic": {
      "en": "counting Bloom filter: insert +1, delete −1",
      "zh": "计数布隆过滤器：插入加 1，删除减 1"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/rows/0",
      "view": "cbf-del-table",
      "note": {
        "en": "A plain counting filter at P5's settings, half its URLs deleted by decrementing: kept URLs lost and deleted URLs still judged seen (both 0 while no counter saturates).",
        "zh": "P5 设置下的普通计数布隆过滤器，删除一半 URL（逐个减 1）：丢失的保留 URL 数与删除后仍被判为已见过的 URL 数（没有计数器饱和时都是 0）。"
      }
    }
  },
  {
    "id": "p5.7",
    "section": "§2.2",
    "kind": "formula",
    "words": "假设第 i 个计数器被增加 j 次,那么它的概率为:",
    "printed": "P(c(i)=j) = C(Nk, j) (1/m)^j (1 − 1/m)^(NK−j)",
    "topic": {
      "en": "a counter's value is Binomial(Nk, 1/m)",
      "zh": "计数器的值服从 Binomial(Nk, 1/m)"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/misprints/n_for_nk/1",
      "view": "cbf-hist-chart",
      "note": {
        "en": "Share of counters at j = 1 after Fig. 3's largest stream, measured, beside P5's formula with Nk trials (with_nk); the histogram draws every j against m · P(c = j).",
        "zh": "图 3 最大的网页流之后，值为 1 的计数器所占比例的实验室实测值，旁边是 P5 公式取 Nk 次试验的值（with_nk）；直方图对每个 j 画出实测值与 m · P(c = j)。"
      }
    }
  },
  {
    "id": "p5.8",
    "section": "§2.2",
    "kind": "formula",
    "words": "其中 Nk 表示 N 个集合元素需要进行 Nk 次哈希函数计算,从 N 次哈希函数计算中选择 j 次",
    "printed": "从 N 次",
    "topic": {
      "en": "slip: \"of N computations\" where the formula has Nk",
      "zh": "笔误：「从 N 次」应为 Nk 次"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/misprints/n_for_nk/0",
      "view": "p5-slips",
      "note": {
        "en": "Slip: the sentence says N trials, its own formula and the sentence before it Nk. Share of counters at 0, measured, beside the binomial with Nk and with N trials: the counters follow Nk (mean Nk/m, /misprints/mean_with_nk).",
        "zh": "笔误：这句话说 N 次，而它自己的公式和前半句都是 Nk 次。值为 0 的计数器比例的实验室实测值，旁边是取 Nk 次和取 N 次试验的二项分布：计数器符合 Nk（均值 Nk/m，见 /misprints/mean_with_nk）。"
      }
    }
  },
  {
    "id": "p5.9",
    "section": "§2.2",
    "kind": "formula",
    "words": "那么第 i 个计数器的值不小于 j 的概率为 $P(c(i)\\geq j)$",
    "printed": "P(c(i) ≥ j) ≤ C(Nk, j) (1/m)^j (1 − 1/m)^(NK−j)",
    "topic": {
      "en": "misprint: a tail \"bound\" that is P(c = j)",
      "zh": "印刷错误：尾概率的“上界”其实是 P(c = j)"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/misprints/tail_bound/4",
      "view": "p5-slips",
      "note": {
        "en": "Misprint: the right side is P(c(i) = j), one term of the tail, so the inequality fails at every j < Nk. This run at j = 1: the exact tail, the printed right side (smaller), the measured share of counters at 1 or more, and holds = false.",
        "zh": "印刷错误：右边是 P(c(i) = j)，只是尾部的一项，所以在每个 j < Nk 处不等式都不成立。本次运行 j = 1 时：精确的尾概率、印刷的右边（更小）、实验室实测的计数器 ≥ 1 的比例，以及 holds = false。"
      }
    }
  },
  {
    "id": "p5.10",
    "section": "§2.2",
    "kind": "formula",
    "words": "得到哈希函数个数 k 为 $(\\ln 2) \\frac{m}{N}$ 可以得到最优解的结论",
    "printed": "k = (ln 2) m/N",
    "topic": {
      "en": "the optimal k = (ln 2) m/N",
      "zh": "最优 k = (ln 2) m/N"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/paper_points/2/k",
      "view": "bloom-papers",
      "note": {
        "en": "The optimal k at P5's m/N = 20, 20 ln 2 = 13.9; its false-positive rate is beside it (fpr_exact_at_this_n), about half that of P5's k = 8.",
        "zh": "P5 的 m/N = 20 下的最优 k，20 ln 2 = 13.9；旁边是它的误判率（fpr_exact_at_this_n），约为 P5 所取 k = 8 的一半。"
      }
    }
  },
  {
    "id": "p5.11",
    "section": "§2.2",
    "kind": "formula",
    "words": "P(\\max_i c(i) \\geq j) \\leq m \\left(\\frac{\\ln 2}{j}\\right)^j",
    "printed": "P(max_i c(i) ≥ j) ≤ m (ln 2 / j)^j",
    "topic": {
      "en": "overflow bound, printed without its e",
      "zh": "溢出上界，印刷时漏了 e"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/theory/bound_printed_formula",
      "view": "cbf-theory-table",
      "note": {
        "en": "Misprint: P5's formula at j = 16 and this run's m. Fan et al.'s bound is m (e ln 2 / j)^j (theory/bound); without the e it is e^16 ≈ 8.9 × 10^6 times too small.",
        "zh": "印刷错误：P5 的公式在 j = 16、本次运行的 m 下的值。Fan 等的上界是 m (e ln 2 / j)^j（theory/bound）；漏了 e 就小了 e^16 ≈ 8.9 × 10^6 倍。"
      }
    }
  },
  {
    "id": "p5.12",
    "section": "§2.2",
    "kind": "formula",
    "words": "P(\\max_i c(i) \\geq 16) \\leq 1.37 \\times 10^{15} \\times m",
    "printed": "P(max_i c(i) ≥ 16) ≤ 1.37 × 10^15 × m",
    "topic": {
      "en": "overflow bound at 16, its minus sign lost",
      "zh": "j = 16 时的溢出上界，指数漏了负号"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/theory/bound_printed_j16",
      "view": "cbf-theory-table",
      "note": {
        "en": "Misprint: P5's number at this run's m, a “probability” far above 1. The bound m (e ln 2 / 16)^16 is 1.37 × 10^-15 × m (theory/bound): the exponent lost its minus sign.",
        "zh": "印刷错误：P5 的数字在本次运行的 m 下的值，是一个远大于 1 的“概率”。上界 m (e ln 2 / 16)^16 等于 1.37 × 10^-15 × m（theory/bound）：指数漏了负号。"
      }
    }
  },
  {
    "id": "p5.13",
    "section": "§2.2",
    "kind": "number",
    "words": "如果每个计数器占用的 bit 个数 n 为 4 时,那么计数器最大可以表示的数字为 15,当大于 15 时就溢出。",
    "printed": "n = 4, 最大 15",
    "topic": {
      "en": "4-bit counters, at most 15",
      "zh": "4 位计数器，最大为 15"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/bits",
      "view": "cbf-hist-note",
      "note": {
        "en": "P5's 4 bits per counter; the histogram note gives their maximum, 15, and how many counters reach it (none is expected at P5's settings, p5.38).",
        "zh": "P5 的每个计数器 4 位；直方图下的说明给出最大值 15，以及有多少计数器达到它（P5 的设置下预计一个也没有，见 p5.38）。"
      }
    }
  },
  {
    "id": "p5.14",
    "section": "§2.3",
    "kind": "procedure",
    "words": "如果 CountI 的值为 0 到 $2^n - 2$ 时,对 CountI 的值加 1;如果 CountI 的值为 $2^n - 1$ 时,CountI 的值保持不变。",
    "printed": "0 … 2^n − 2 → +1; 2^n − 1 → 不变",
    "topic": {
      "en": "saturating counters",
      "zh": "计数器到最大值即饱和"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_saturating/rows/1/overflow_events",
      "view": "cbf-del-table",
      "note": {
        "en": "Increments lost to P5's rule at a setting where counters do saturate (2-bit counters, m/N = 2, k = 4); at P5's own settings none is expected (deletion_p5).",
        "zh": "在计数器确实会饱和的设置下（2 位计数器，m/N = 2，k = 4），按 P5 的规则丢失的加 1 次数；在 P5 自己的设置下预计为 0（deletion_p5）。"
      }
    }
  },
  {
    "id": "p5.15",
    "section": "§2.3",
    "kind": "conclusion",
    "words": "当 value 的范围是 0 到 $2^n - 2$ 时,说明已经至多有 value 个网页 URL 的指纹 MD5-value[…]映射到这个计数器上;当 value 为 $2^n - 1$,说明可能已经至少有 $2^n - 1$ 个网页 URL",
    "printed": "",
    "topic": {
      "en": "slip: \"at most value\" pages per counter",
      "zh": "笔误：计数器上「至多有 value 个」网页"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Under P5's rule an increment is lost only at 2^n − 1, so a counter below it holds exactly value pages (「至多」 should be 「恰有」), and 2^n − 1 means certainly, not 「可能」, at least 2^n − 1. A counter below the maximum can misstate its pages only after a decrement at a saturated counter, and then it counts too few, never too many: at 2-bit counters, m/N = 2, k = 4 a filter that decrements anyway loses kept URLs whose counters fell to 0, while IMP-CB, which recounts, loses none. The deletion table shows how many on the loaded URLs.",
        "zh": "按 P5 的规则，只有在 2^n − 1 时才会丢失加 1，所以低于它的计数器恰好对应 value 个网页（「至多」应为「恰有」），而值为 2^n − 1 时是肯定、而非「可能」至少有 2^n − 1 个。低于最大值的计数器只有在饱和后又被减 1 时才会算错，而且只会少算、不会多算：2 位计数器、m/N = 2、k = 4 时，照样减 1 的过滤器会丢失计数器降到 0 的保留 URL，重新计数的 IMP-CB 一个也不丢失。删除表给出所载入 URL 上的个数。"
      },
      "view": "cbf-del-table"
    }
  },
  {
    "id": "p5.16",
    "section": "§2.3",
    "kind": "procedure",
    "words": "一旦遇到计数器的值 value 为 $2^n - 1$ 时,只需要统计指纹库中该计数器的个数，并对计数器值 value 进行正确更新。",
    "printed": "",
    "topic": {
      "en": "deleting at a saturated counter: recount in the store",
      "zh": "在饱和计数器上删除：到指纹库中重新计数"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_saturating/rows/2",
      "view": "cbf-del-table",
      "note": {
        "en": "IMP-CB at the saturating setting (2-bit counters, m/N = 2, k = 4), half its URLs deleted: kept URLs lost (0), deleted URLs still judged seen, counters saturated after the deletes; rows/0 is the plain filter that decrements anyway.",
        "zh": "饱和设置下（2 位计数器，m/N = 2，k = 4）的 IMP-CB，删除一半 URL 后：丢失的保留 URL（0）、删除后仍被判为已见过的 URL、删除后仍饱和的计数器；rows/0 是照样减 1 的普通过滤器。"
      }
    }
  },
  {
    "id": "p5.17",
    "section": "§2.3 图 2",
    "kind": "procedure",
    "words": "如果 $M_1, M_2, M_3, \\dots, M_k$ 中的值至少有一个为 0 时，可以确定 MD5 指纹库中不存在和 MD5-value 一样的网页，则将网页保留下来",
    "printed": "",
    "topic": {
      "en": "Fig. 2: IMP-CB's three branches",
      "zh": "图 2：IMP-CB 的三个分支"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3/3/answered_by_counters",
      "view": "p5fig3-table",
      "note": {
        "en": "Share of the largest stream's pages a zero counter answered (new, no store lookup); by_counters, found and not_found beside it count Fig. 2's three branches.",
        "zh": "最大的网页流中由某个为 0 的计数器直接回答（新网页，不查指纹库）的网页比例；旁边的 by_counters、found 和 not_found 是图 2 三个分支的次数。"
      }
    }
  },
  {
    "id": "p5.18",
    "section": "§2.3 图 2",
    "kind": "procedure",
    "words": "添加到 MD5 指纹库中，并且分别对 $M_1, M_2, M_3, \\dots, M_k$ 中的不为 $2^n - 1$ 的值进行加 1 操作。",
    "printed": "",
    "topic": {
      "en": "misprint: the not-found branch adds 1 twice",
      "zh": "印刷错误：未查到分支加了两次 1"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/misprints/double_increment/1",
      "view": "p5-slips",
      "note": {
        "en": "Misprint: the branch already added 1 before storing the page. Run as printed beside once, at m/N = 2, k = 4 where the branch runs often: k more per run, and counters left non-zero after every page is deleted. At P5's m/N = 20 (double_increment/0) the branch needs a false positive, about one new page in 7 000, and may not run at all.",
        "zh": "印刷错误：这个分支在存入网页之前已经加过 1。按原文（加两次）与只加一次并排运行，取 m/N = 2、k = 4 使该分支经常发生：每次多加 k，删除全部网页后仍有计数器不为 0。在 P5 的 m/N = 20 下（double_increment/0），该分支要等误判才发生，约 7 000 个新网页一次，也可能一次都不发生。"
      }
    }
  },
  {
    "id": "p5.19",
    "section": "§2.3",
    "kind": "conclusion",
    "words": "还保证了 Counting Bloom Filter 的计数器不是多次记录被引用的网页，而是只记录一次被引用的网页，缓解了计数器的溢出",
    "printed": "",
    "topic": {
      "en": "counters count each page once, not each reference",
      "zh": "计数器对每个网页只记一次，不按引用次数"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/misprints/double_increment/0/counter_sum_lab",
      "view": "p5-slips",
      "note": {
        "en": "Sum of the counters after a stream with repeats at P5's settings: k times the stream's distinct pages, not its pages, so repeats add nothing.",
        "zh": "P5 的设置下，经过含重复的网页流后所有计数器之和：等于 k 乘以流中不同网页的个数，而不是网页总数，重复的网页不再增加计数。"
      }
    }
  },
  {
    "id": "p5.20",
    "section": "§3",
    "kind": "number",
    "words": "根据文献 [12] 选取 Counting Bloom Filter 参数 k 和 m/n，分别为 8 和 20。",
    "printed": "k = 8, m/n = 20",
    "topic": {
      "en": "P5's parameters: k = 8, m/N = 20",
      "zh": "P5 的参数：k = 8，m/N = 20"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fpr/14",
      "view": "bloom-table",
      "note": {
        "en": "False positives measured at k = 8, m/N = 20 with the MD5 slices IMP-CB uses: false positives of the held-out URLs, the 95 % interval and the exact formula.",
        "zh": "用 IMP-CB 所用的 MD5 分段，在 k = 8、m/N = 20 下实验室实测的误判：留出的 URL 中的误判数、95% 区间和精确公式值。"
      }
    }
  },
  {
    "id": "p5.21",
    "section": "§2.2, §3",
    "kind": "formula",
    "words": "令集合元素个数为 N 个,[…]每个计数器占 n 个 bit,计数器个数为 m。",
    "printed": "m/n = 20",
    "topic": {
      "en": "notation clash: n is the counter width, yet m/n = 20",
      "zh": "记号冲突：n 是计数器位数，却又写 m/n = 20"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "§2.2 calls the keys N and the bits per counter n, and §3 then takes 「m/n」 = 20 from Cao's page [12], where n is the number of keys. With P5's own n = 4, m/n = 20 would mean 80 counters for 2 000 000 pages; only m/N = 20 (40 000 000 counters) makes sense, and the lab reads it so. (§1.1 uses n a third time, for a tree's levels.)",
        "zh": "§2.2 把元素个数记为 N、每个计数器的位数记为 n，§3 却按 Cao 的网页（文献 [12]）取「m/n」= 20，而在那里 n 是元素个数。若按 P5 自己的 n = 4，m/n = 20 意味着 2 000 000 个网页只用 80 个计数器；只有 m/N = 20（40 000 000 个计数器）说得通，实验室也这样读。（§1.1 还第三次用 n 表示树的层数。）"
      },
      "view": ""
    }
  },
  {
    "id": "p5.22",
    "section": "§2.3",
    "kind": "procedure",
    "words": "然后通过 Counting Bloom Filter 算法的 k 个哈希函数计算指纹 MD5-value 的值",
    "printed": "",
    "topic": {
      "en": "which k hash functions: unspecified",
      "zh": "用哪 k 个散列函数：未说明"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/method",
      "view": "cbf-method",
      "note": {
        "en": "P5 names no functions. The lab's reading: k slices of the MD5 digest (md5-slices); the false-positive table (fpr) measures the three other derivations at the same k and m/N.",
        "zh": "P5 没有指明散列函数。实验室的读法：把 MD5 摘要切成 k 段（MD5 分段）；误判率表（fpr）在相同的 k 与 m/N 下还测了另外三种得出位置的方式。"
      }
    }
  },
  {
    "id": "p5.23",
    "section": "§3",
    "kind": "number",
    "words": "在不同的数据量下 (500 000, 1 000 000, 1 500 000, 2 000 000) 进行测试实验并进行分析",
    "printed": "500 000, 1 000 000, 1 500 000, 2 000 000",
    "topic": {
      "en": "Fig. 3's four data sizes",
      "zh": "图 3 的四组数据量"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3/3/n",
      "view": "p5fig3-table",
      "note": {
        "en": "The largest N replayed: P5's four N when the input holds 2 000 000 URLs (the built-in corpus at its default size), else quarters of the inserted URLs.",
        "zh": "重放的最大 N：输入有 2 000 000 个 URL 时（默认大小的内置语料）用 P5 的四个 N，否则取插入 URL 数的四分之一、二分之一、四分之三和全部。"
      }
    }
  },
  {
    "id": "p5.24",
    "section": "§3 图 3",
    "kind": "figure",
    "words": "而本文提出 IMP-CM Filter 算法在进行指纹 MD5-value 检测时利用 Counting Bloom Filter 算法减少了 I/O 操作,从而提高了指纹 MD5-value 检测的速率",
    "printed": "",
    "topic": {
      "en": "Fig. 3: IMP-CB faster than the store alone",
      "zh": "图 3：IMP-CB 比单独的指纹库快"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3_disk/6/ratio",
      "view": "p5fig3-note",
      "note": {
        "en": "IMP-CB's time over the store alone's, the store on disk (SQLite), at the largest N; in memory it is /fig3/3/ratio. Above 1 the store alone is faster, which the page's note says; P5's text gives no number to compare.",
        "zh": "指纹库在磁盘（SQLite）上、最大 N 时，IMP-CB 用时与单独指纹库用时之比；在内存中的值在 /fig3/3/ratio。大于 1 表示单独的指纹库更快，页面的说明会指出这一点；P5 的正文没有可供对照的数字。"
      }
    }
  },
  {
    "id": "p5.25",
    "section": "摘要, 引言, §1.1, §2.3, 图 2, §3, §4",
    "kind": "context",
    "words": "实现了一种快速去重算法 IMP-CM Filter[…]提出了 IMP-CB Filter 算法",
    "printed": "IMP-CB ×6, IMP-CM ×11",
    "topic": {
      "en": "two names for one algorithm",
      "zh": "一个算法两个名字"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "One algorithm, two names: 「IMP-CB Filter」 6 times (introduction, §1.1, §2.3, Fig. 2's Chinese caption) and 「IMP-CM Filter」 11 times (abstract, key words, Fig. 2's English caption, §3, §4, English abstract and key words); Fig. 2's two captions disagree. The lab says IMP-CB.",
        "zh": "同一个算法有两个名字：「IMP-CB Filter」出现 6 次（引言、§1.1、§2.3、图 2 中文图题），「IMP-CM Filter」出现 11 次（摘要、关键词、图 2 英文图题、§3、§4、英文摘要与关键词）；图 2 的中英文图题彼此不一致。实验室称之为 IMP-CB。"
      },
      "view": "p5-slips"
    }
  },
  {
    "id": "p5.26",
    "section": "§2.3 图 2",
    "kind": "number",
    "words": "由于误判率的存在，不能判断 MD5 指纹库中是否存在和 MD5-value 一样的网页",
    "printed": "",
    "topic": {
      "en": "the false-positive rate, never printed",
      "zh": "误判率：全文没有给出"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/paper_points/1/fpr_exact_at_this_n",
      "view": "bloom-papers",
      "note": {
        "en": "The rate P5 never prints: the exact formula at k = 8, m/N = 20 and this N, about 1 in 7 000; the measured rates are in fpr.",
        "zh": "P5 从未给出的误判率：k = 8、m/N = 20 与本次 N 下的精确公式值，约 7 000 分之一；实验室实测值在 fpr 中。"
      }
    }
  },
  {
    "id": "p5.27",
    "section": "摘要",
    "kind": "conclusion",
    "words": "实现了一种快速去重算法 IMP-CM Filter,大大降低了网页去重算法的时间复杂度和空间复杂度。",
    "printed": "",
    "topic": {
      "en": "claim: less time and less space",
      "zh": "声称：时间与空间复杂度都大大降低"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Space is not reduced: IMP-CB keeps the whole fingerprint store and adds the 4-bit counters (m/N = 20) and each page's k = 8 counter numbers, so it needs more memory than the store alone whatever the data; time is Fig. 3 (p5.24). The lesson's live panel and `urlhash paper p5 --json` (fig3's store_bytes_per_url and imp_cb_bytes_per_url) give the bytes measured.",
        "zh": "空间并没有降低：IMP-CB 保留整个指纹库，还要加上 4 位计数器（m/N = 20）和每个网页的 k = 8 个计数器编号，所以无论什么数据，它都比单独的指纹库占更多内存；时间见图 3（p5.24）。课程的实测栏和 `urlhash paper p5 --json`（fig3 中的 store_bytes_per_url 与 imp_cb_bytes_per_url）给出实验室实测的字节数。"
      },
      "view": "lesson-live"
    }
  },
  {
    "id": "p5.28",
    "section": "摘要",
    "kind": "conclusion",
    "words": "该算法通过减少 I/O 频繁操作,来提高海量网页去重的效率。",
    "printed": "",
    "topic": {
      "en": "the mechanism: fewer store lookups",
      "zh": "机制：减少查询指纹库的次数"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3_disk/6/lookups_avoided",
      "view": "p5fig3-table",
      "note": {
        "en": "Store lookups IMP-CB spared over the largest stream, the store on disk: one per page a zero counter answered; the repeats still need the store.",
        "zh": "指纹库在磁盘上时，IMP-CB 在最大的网页流上省下的查库次数：每个由为 0 的计数器直接回答的网页省一次；重复的网页仍要查指纹库。"
      }
    }
  },
  {
    "id": "p5.29",
    "section": "§1.1",
    "kind": "conclusion",
    "words": "MD5 指纹的网页去重算法是 Hash 算法去重的一种,可以对 URL 字符串进行压缩,得到一个压缩字符串",
    "printed": "",
    "topic": {
      "en": "MD5 compresses the URL",
      "zh": "MD5 压缩 URL 字符串"
    },
    "status": {
      "is": "live",
      "report": "p4",
      "field": "/timed/3/heap_bytes_per_url",
      "view": "trie-table",
      "note": {
        "en": "Bytes per URL of a set of 128-bit MD5 fingerprints, on the same input as the URL strings' hash set in /timed/2.",
        "zh": "128 位 MD5 指纹集合每个 URL 占用的字节数，输入与 /timed/2 中 URL 字符串散列集合相同。"
      }
    }
  },
  {
    "id": "p5.30",
    "section": "§1.1",
    "kind": "conclusion",
    "words": "并且 MD5 进行 Hash 映射碰撞的几率非常小",
    "printed": "",
    "topic": {
      "en": "MD5 collisions are very unlikely",
      "zh": "MD5 碰撞的几率非常小"
    },
    "status": {
      "is": "live",
      "report": "p3",
      "field": "/p3/birthday/rows/0/probability",
      "view": "fp-claims",
      "note": {
        "en": "Birthday probability that two of 13 billion pages (P3's count, near P5's 11.5 billion) share a 128-bit MD5: about 2.5 × 10^-19; the loaded URLs' own collisions are /p3/input/md5_collisions.",
        "zh": "130 亿个网页（P3 的数字，与 P5 的 115 亿相近）中有两个 128 位 MD5 相同的生日概率：约 2.5 × 10^-19；所载入 URL 自身的碰撞数见 /p3/input/md5_collisions。"
      }
    }
  },
  {
    "id": "p5.31",
    "section": "§1.1",
    "kind": "context",
    "words": "一份报告指出,截止 2005 年 1 月,网页数量至少达到 115 亿^[5]",
    "printed": "115 亿",
    "topic": {
      "en": "11.5 billion pages by January 2005",
      "zh": "截至 2005 年 1 月网页至少 115 亿"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "A cited count (Gulli and Signorini, WWW 2005, ref. [5]: “more than 11.5 billion pages”), history the lab cannot measure; by default it inserts at most 2 000 000 URLs. The MD5 collision odds at that scale are p5.30.",
        "zh": "这是引用的统计（Gulli 与 Signorini，WWW 2005，文献 [5]：“超过 115 亿个网页”），是实验室无法测量的历史数据；实验室默认至多插入 2 000 000 个 URL。这一规模下的 MD5 碰撞概率见 p5.30。"
      }
    }
  },
  {
    "id": "p5.32",
    "section": "§1.1",
    "kind": "context",
    "words": "文献[8]提出基于 Rabin 指纹方法的 URL 检索算法,该算法将通过 Rabin 算法计算得到的指纹映射成 16 进制数字成的字符串,再把此字符串存储在一棵键树中",
    "printed": "",
    "topic": {
      "en": "Rabin fingerprints in a key tree (ref. [8])",
      "zh": "Rabin 指纹存入键树（文献 [8]）"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Related work the lab does not build: P5 gives no size or time for it, only 「检索效率不是太理想」. The lab computes Rabin fingerprints only in Heritrix's HashCrawlMapper, one of the partition policies of its P2 crawler simulation, never as a dedup store.",
        "zh": "实验室没有实现的相关工作：P5 没有给出它的空间或时间，只说「检索效率不是太理想」。实验室只在 P2 爬虫模拟的分配策略之一、Heritrix 的 HashCrawlMapper 中计算 Rabin 指纹，从未用它做去重。"
      }
    }
  },
  {
    "id": "p5.33",
    "section": "§1.2",
    "kind": "context",
    "words": "标准 Bloom Filter 算法是 1970 年由布隆提出的,它实际上是由一个很长的二进制数组和一系列随机散列函数构成^[9-11]。",
    "printed": "1970",
    "topic": {
      "en": "the standard Bloom filter (Bloom 1970)",
      "zh": "标准布隆过滤器（Bloom，1970）"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "History (ref. [9]). The standard filter itself is measured elsewhere: its false positives in p5.20 and p5.26, and its lack of deletes is why P5 uses counters (p5.6).",
        "zh": "历史背景（文献 [9]）。标准布隆过滤器本身在别处有实测：误判见 p5.20 和 p5.26；它不支持删除，这正是 P5 改用计数器的原因（p5.6）。"
      }
    }
  },
  {
    "id": "p5.34",
    "section": "§1.2, §2.3",
    "kind": "conclusion",
    "words": "本文结合 Counting Bloom Filter 算法的可删除特性和指纹库的无误判率特性",
    "printed": "",
    "topic": {
      "en": "the store settles the filter's false positives",
      "zh": "指纹库消除过滤器的误判"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3/1/false_positive_lookups",
      "view": "p5fig3-table",
      "note": {
        "en": "Pages whose counters were all non-zero but the store did not hold them (Fig. 2's not-found branch): each costs one lookup and is kept as new, so no page is lost to a false positive.",
        "zh": "计数器全不为 0、但指纹库中没有的网页数（图 2 的未查到分支）：每个只多查一次库，并作为新网页保留，所以没有网页因误判而丢失。"
      }
    }
  },
  {
    "id": "p5.35",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "但是 Counting Bloom Filter 算法是以使用更多内存空间的代价换取支持删除操作。",
    "printed": "",
    "topic": {
      "en": "counters cost more memory than bits",
      "zh": "计数器比位占用更多内存"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/rows/0/bytes",
      "view": "cbf-del-table",
      "note": {
        "en": "Bytes of P5's counting filter, 4 bits per counter at m/N = 20: four times a plain Bloom filter's at the same m/N (/fpr/2/bytes).",
        "zh": "P5 的计数布隆过滤器占用的字节数（m/N = 20，每个计数器 4 位）：是同样 m/N 下普通布隆过滤器（/fpr/2/bytes）的四倍。"
      }
    }
  },
  {
    "id": "p5.36",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "这样在指纹库中进行查询指纹 MD5-value 时,会频繁地进行 I/O 操作,以致于影响海量网页去重的效率",
    "printed": "",
    "topic": {
      "en": "a store beyond memory goes to I/O often",
      "zh": "超出内存的指纹库频繁进行 I/O"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3_disk/6/store_page_reads",
      "view": "p5fig3-table",
      "note": {
        "en": "Pages SQLite read from the store's file over the largest stream (its page-cache misses). P5 says lookups go to I/O often once the store outgrows memory, not at every lookup: the count stays 0 while the file fits SQLite's default 2 000 KiB cache, which P5's 2 000 000 fingerprints would not.",
        "zh": "在最大的网页流上 SQLite 从指纹库文件读的页数（页缓存未命中）。P5 说的是指纹库超出内存后查询会频繁地进行 I/O，并非每次查询都是 I/O：文件装得进 SQLite 默认 2 000 KiB 的缓存时读页数为 0，而 P5 的 2 000 000 个指纹装不下。"
      }
    }
  },
  {
    "id": "p5.37",
    "section": "§2.2",
    "kind": "formula",
    "words": "现在限定 k 不大于 $(\\ln 2) \\frac{m}{N}$,可以得到下面结果:",
    "printed": "k ≤ (ln 2) m/N",
    "topic": {
      "en": "the overflow bound's condition",
      "zh": "溢出上界的前提条件"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/theory/bound_applies",
      "view": "cbf-theory-table",
      "note": {
        "en": "Whether the overflow bound applies: k = 8 ≤ 20 ln 2 = 13.9 at P5's settings (true); it fails at the saturating setting (deletion_saturating).",
        "zh": "溢出上界是否适用：P5 的设置下 k = 8 ≤ 20 ln 2 = 13.9（成立）；在饱和设置下不成立（deletion_saturating）。"
      }
    }
  },
  {
    "id": "p5.38",
    "section": "§2.2",
    "kind": "conclusion",
    "words": "由上面的结果可知,这个概率已经很小可以应用到大部分应用场景。",
    "printed": "",
    "topic": {
      "en": "overflow is negligible at P5's settings",
      "zh": "P5 的设置下溢出可以忽略"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/deletion_p5/theory/expected_overflowing",
      "view": "cbf-theory-table",
      "note": {
        "en": "Expected counters reaching 16 at P5's settings: m times the binomial tail, about 1.4 × 10^-20 per counter (mean Nk/m = 0.4), far below one at any m a crawler uses. The conclusion holds despite both misprints; overflow_events in the deletion table counts the increments actually lost.",
        "zh": "P5 的设置下达到 16 的计数器期望个数：m 乘以二项分布的尾部，每个计数器约 1.4 × 10^-20（均值 Nk/m = 0.4），爬虫所用的任何 m 下都远小于 1。尽管有两处印刷错误，结论成立；删除表中的 overflow_events 是实验室实测丢失的加 1 次数。"
      }
    }
  },
  {
    "id": "p5.39",
    "section": "§3",
    "kind": "context",
    "words": "测试并记录基于 MD5 指纹库的网页去重处理时间和基于标准 IMP-CM Filter 算法的网页去重处理时间。",
    "printed": "标准 IMP-CM Filter",
    "topic": {
      "en": "slip: a \"standard\" IMP-CM",
      "zh": "笔误：「标准 IMP-CM」"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "There is no standard IMP-CM: it is the paper's own algorithm (elsewhere IMP-CB), and 「标准」 is the word §1.2 uses for the plain Bloom filter it improves on, probably carried over. The names card counts it among IMP-CM's 11 uses.",
        "zh": "并不存在“标准”的 IMP-CM：这是本文自己的算法（别处称 IMP-CB），「标准」是 §1.2 用来称呼被改进的普通布隆过滤器的词，多半是沿用过来的。名称卡片把这一处计入 IMP-CM 的 11 次中。"
      },
      "view": "p5-slips"
    }
  },
  {
    "id": "p5.40",
    "section": "§3",
    "kind": "context",
    "words": "本实验数据来源于数据堂。",
    "printed": "",
    "topic": {
      "en": "the data: from Datatang",
      "zh": "实验数据：来自数据堂"
    },
    "status": {
      "is": "quoted",
      "why": {
        "en": "Data the lab does not have: P5 names the vendor (数据堂, Datatang) but not the data set, its URLs or how many repeat. The lab replays Fig. 3 on the loaded URLs (the built-in corpus by default), repeats drawn at a chosen share.",
        "zh": "实验室没有的数据：P5 只说了供应商（数据堂），没有说明是哪个数据集、URL 是什么、有多少重复。实验室在载入的 URL 上（默认用内置语料）重放图 3，重复按设定的比例抽取。"
      }
    }
  },
  {
    "id": "p5.41",
    "section": "§3 图 3",
    "kind": "figure",
    "words": "纹库查询去重技术指纹检测时间延长越严重,这是因为主要遇到 I/O 操作瓶颈",
    "printed": "",
    "topic": {
      "en": "Fig. 3: the store's time grows with N",
      "zh": "图 3：指纹库的用时随 N 增长"
    },
    "status": {
      "is": "live",
      "report": "p5",
      "field": "/fig3_disk/6/store_us_per_url",
      "view": "p5fig3-table",
      "note": {
        "en": "Microseconds per page of the store alone on disk at the largest N; the smaller N are /fig3_disk/0, /2 and /4. The growth is slight while the file fits SQLite's cache (store_page_reads 0).",
        "zh": "指纹库在磁盘上、最大 N 时单独指纹库每个网页的微秒数；较小的 N 见 /fig3_disk/0、/2 和 /4。文件装得进 SQLite 缓存时（store_page_reads 为 0），增长很小。"
      }
    }
  },
  {
    "id": "p5.42",
    "section": "§4",
    "kind": "conclusion",
    "words": "最后通过进一步的模拟实验,证明了本文提出的 IMP-CM Filter 算法的有效性。",
    "printed": "",
    "topic": {
      "en": "conclusion: the simulation proves IMP-CB effective",
      "zh": "结论：模拟实验证明了算法的有效性"
    },
    "status": {
      "is": "flagged",
      "evidence": {
        "en": "Nothing in the text proves it: Fig. 3 is the only evidence, and the text gives no number from it (the scan lost the figure), no machine and no repeat count. In memory a store lookup costs about as much as reading k counters, so the counters can pay off only where store lookups go to disk; the page's Fig. 3 table and `urlhash paper p5 --disk` show both times on the loaded URLs.",
        "zh": "正文中没有任何东西证明这一点：图 3 是唯一的证据，而正文没有给出图中的任何数字（扫描件丢了图），也没有说明机器和重复次数。在内存中查一次指纹库的开销与读 k 个计数器相当，所以计数器只有在查库要读磁盘时才可能划算；网页的图 3 表和 `urlhash paper p5 --disk` 给出所载入 URL 上两者的用时。"
      },
      "view": "p5fig3-note"
    }
  }
];
