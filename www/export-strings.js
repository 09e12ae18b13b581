// The strings of the export toolbars (www/export.js), in English and Simplified Chinese.
// Pure data and functions: importable by the Node tests as well as the page.

export const EXPORT_STRINGS = {
  en: {
    lab: 'URL Hash Lab',
    // The buttons' words; each button's full name (below) holds them.
    png: 'PNG image',
    svg: 'SVG image',
    csv: 'CSV data',
    json: 'JSON data',
    chartToolbar: (title) => `Export the chart “${title}”`,
    tableToolbar: (title) => `Export the table “${title}”`,
    pngLabel: (title) => `Download “${title}” as a PNG image (2×, white background, parameters in the caption)`,
    svgLabel: (title) => `Download “${title}” as an SVG image, a vector drawing (parameters inside)`,
    csvLabel: (title) => `Download the CSV data of “${title}” (parameters as # comment lines)`,
    jsonLabel: (title) => `Download the JSON data of “${title}” (with the parameters)`,
    imagePngLabel: (title) => `Download “${title}” as a PNG image (pixel for pixel, the legend and parameters under it)`,
    legendRow: (count, slots, random) => `${count} per slot: ${slots} slots (a random function: ${random})`,
    untitledChart: 'chart',
    untitledTable: 'table',
    noChart: 'This chart is not drawn yet: nothing to export.',
    failed: (what, message) => `The ${what} export failed: ${message}`,
    exportedAt: 'exported',
    pageUrl: 'page',
  },
  zh: {
    lab: '网址散列实验室 (URL Hash Lab)',
    png: 'PNG 图片',
    svg: 'SVG 矢量图',
    csv: 'CSV 数据',
    json: 'JSON 数据',
    chartToolbar: (title) => `导出图表“${title}”`,
    tableToolbar: (title) => `导出表格“${title}”`,
    pngLabel: (title) => `把“${title}”下载为 PNG 图片（2 倍分辨率，白色背景，图注含参数）`,
    svgLabel: (title) => `把“${title}”下载为 SVG 矢量图（内含参数）`,
    csvLabel: (title) => `下载“${title}”的 CSV 数据（参数写在 # 注释行）`,
    jsonLabel: (title) => `下载“${title}”的 JSON 数据（含参数）`,
    imagePngLabel: (title) => `把“${title}”下载为 PNG 图片（逐像素，图例与参数在其下方）`,
    legendRow: (count, slots, random) => `槽中 ${count} 个 URL：${slots} 个槽（随机函数：${random}）`,
    untitledChart: '图表',
    untitledTable: '表格',
    noChart: '此图表尚未绘制，无可导出的内容。',
    failed: (what, message) => `${what} 导出失败：${message}`,
    exportedAt: '导出时间',
    pageUrl: '页面',
  },
};

/** 'zh' when the document's language starts with "zh", else 'en'. */
export function exportLanguage(doc = globalThis.document) {
  const lang = (doc?.documentElement?.lang || '').toLowerCase();
  return lang.startsWith('zh') ? 'zh' : 'en';
}

/** The export strings in the document's language. */
export function exportStrings(doc = globalThis.document) {
  return EXPORT_STRINGS[exportLanguage(doc)];
}
export default EXPORT_STRINGS;
