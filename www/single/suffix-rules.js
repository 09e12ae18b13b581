// The one-file build's Public Suffix List rules: bundled as text (esbuild's text loader).
import text from 'uhl:suffix-rules';

export async function suffixRulesText() {
  return text;
}
