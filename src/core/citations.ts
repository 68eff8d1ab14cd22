/**
 * Rule citations in explanations and refusals ("RULES §2.1", "clause 1.1.3", "RULES §3 blow-through")
 * and their anchors in the rules reference, docs/rules.md: `rule-` + the number with dots as hyphens,
 * + the topic in lower case, words joined by hyphens ("rule-2-1", "rule-1-1-3", "rule-3-blow-through").
 * Kept tiny: the element bundle links every citation through these two.
 */

/**
 * One citation, captured whole (so `text.split(CITATION)` puts citations at the odd indexes). A topic
 * after the number belongs to the citation only when the citation ends there
 * (")", ":", ";" or ","), as in "(RULES §3 blast)" or "Refused (RULES §3 frags): …"; in running text
 * ("RULES §3 says") only the number is the citation.
 */
export const CITATION = /((?:RULES §|clause )[\d.]*\d(?: [\w -]+(?=[):;,]))?)/;

/** The anchor (without "#") of a citation in docs/rules.md: "RULES §4 Melee Attack" → "rule-4-melee-attack". */
export const ruleAnchor = (citation: string): string => citation.toLowerCase().replace(/^\D+/, 'rule-').replace(/\W/g, '-');
