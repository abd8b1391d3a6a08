import type { IndianGreeksInput, IndianGreeksResult } from '@shared/market/india/greeks-calculator';
import { normCdf } from '@shared/pricing/normal-distribution';

/**
 * The calculator's formulas typeset for KaTeX, with the learner's numbers in them: the same steps `indianGreeks`
 * takes (T in years, the repo rate as a continuous rate, d₁ and d₂, the Black-Scholes-Merton price, the lot), each
 * ending in the figure the page shows. Numbers use Indian digit grouping, as the rupee amounts beside them do.
 */
export interface FormulaLine {
  /** What the line computes, in words (also the line's accessible description). */
  label: string;
  tex: string;
}

const grouping = (digits: number, minDigits = 0) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: minDigits, maximumFractionDigits: digits });

/** A number for TeX: en-IN grouping with the commas braced (so TeX does not space them as punctuation), a true minus. */
export function texNumber(x: number, digits = 4, minDigits = 0): string {
  const text = grouping(digits, minDigits).format(Math.abs(x)).replace(/,/g, '{,}');
  return x < 0 && Number(x.toFixed(digits)) !== 0 ? `-${text}` : text;
}

/** A small number to four significant digits (ln(S/K) near the money is 0.00001984, not 0.00002). */
function texSignificant(x: number): string {
  if (Math.abs(x) >= 0.1 || x === 0) return texNumber(x, 6);
  const text = new Intl.NumberFormat('en-IN', { maximumSignificantDigits: 4 }).format(Math.abs(x));
  return x < 0 ? `-${text}` : text;
}

/** Rupees with their paise always shown (₹8,643.70, not ₹8,643.7), as the tables beside the formulas show them. */
const rupees = (x: number) => `\\text{₹}${texNumber(x, 2, 2)}`;

export function formulaLines(input: IndianGreeksInput, result: IndianGreeksResult): FormulaLine[] {
  const { spot: S, strike: K, iv: sigma, lotSize, type } = input;
  const { T, r, q, repoRate, daysToExpiry, perShare, perLot } = result;
  const call = type === 'call';
  const V = call ? 'C' : 'P';
  const lines: FormulaLine[] = [
    {
      label: 'Time to expiry in years',
      tex: `T = \\frac{${texNumber(daysToExpiry, 2)}\\ \\text{${daysToExpiry === 1 ? 'day' : 'days'}}}{365} = ${texNumber(T, 6)}`,
    },
    {
      label: 'RBI repo rate compounded daily, as a continuous rate',
      tex: `r = 365\\,\\ln\\!\\left(1 + \\frac{${texNumber(repoRate * 100, 2)}\\%}{365}\\right) = ${texNumber(r * 100, 4)}\\%`,
    },
  ];
  if (T === 0) {
    lines.push({
      label: 'On the expiry day the option is worth what it pays',
      tex: call
        ? `C = \\max(S - K,\\ 0) = \\max(${texNumber(S, 2)} - ${texNumber(K, 2)},\\ 0) = ${rupees(perShare.price)}`
        : `P = \\max(K - S,\\ 0) = \\max(${texNumber(K, 2)} - ${texNumber(S, 2)},\\ 0) = ${rupees(perShare.price)}`,
    });
  } else {
    const sqrtT = Math.sqrt(T);
    const logMoneyness = Math.log(S / K);
    const drift = r - q + (sigma * sigma) / 2;
    const volT = sigma * sqrtT;
    const d1 = (logMoneyness + drift * T) / volT;
    const d2 = d1 - sigma * sqrtT;
    const dq = Math.exp(-q * T);
    const dr = Math.exp(-r * T);
    lines.push(
      {
        label: 'd1',
        // One step a line, so that each line fits a phone's width: the log of moneyness, the drift over T, the
        // volatility over T, then their quotient.
        tex:
          `\\begin{aligned} d_1 &= \\frac{\\ln(S/K) + (r - q + \\sigma^2/2)\\,T}{\\sigma\\sqrt{T}} \\\\ ` +
          `\\ln(S/K) &= \\ln(${texNumber(S, 2)}/${texNumber(K, 2)}) = ${texSignificant(logMoneyness)} \\\\ ` +
          `r - q + \\sigma^2/2 &= ${texNumber(r, 6)} - ${texNumber(q, 4)} + ${texNumber(sigma, 4)}^2/2 = ${texNumber(drift, 6)} \\\\ ` +
          `\\sigma\\sqrt{T} &= ${texNumber(sigma, 4)}\\sqrt{${texNumber(T, 6)}} = ${texNumber(volT, 6)} \\\\ ` +
          `d_1 &= \\frac{${texSignificant(logMoneyness)} + ${texNumber(drift, 6)} \\times ${texNumber(T, 6)}}{${texNumber(volT, 6)}} = ${texNumber(d1)} \\end{aligned}`,
      },
      { label: 'd2', tex: `d_2 = d_1 - \\sigma\\sqrt{T} = ${texNumber(d1)} - ${texNumber(sigma, 4)}\\sqrt{${texNumber(T, 6)}} = ${texNumber(d2)}` },
      call
        ? {
            label: 'Call price per share',
            tex:
              `\\begin{aligned} C &= S\\,e^{-qT} N(d_1) - K\\,e^{-rT} N(d_2) \\\\ &= ${texNumber(S, 2)} \\times ${texNumber(dq)} \\times ${texNumber(normCdf(d1))}` +
              ` - ${texNumber(K, 2)} \\times ${texNumber(dr)} \\times ${texNumber(normCdf(d2))} \\\\ &= ${rupees(perShare.price)} \\end{aligned}`,
          }
        : {
            label: 'Put price per share',
            tex:
              `\\begin{aligned} P &= K\\,e^{-rT} N(-d_2) - S\\,e^{-qT} N(-d_1) \\\\ &= ${texNumber(K, 2)} \\times ${texNumber(dr)} \\times ${texNumber(normCdf(-d2))}` +
              ` - ${texNumber(S, 2)} \\times ${texNumber(dq)} \\times ${texNumber(normCdf(-d1))} \\\\ &= ${rupees(perShare.price)} \\end{aligned}`,
          },
      {
        label: 'Delta per share',
        tex: call ? `\\Delta = e^{-qT} N(d_1) = ${texNumber(perShare.delta)}` : `\\Delta = -e^{-qT} N(-d_1) = ${texNumber(perShare.delta)}`,
      },
    );
  }
  lines.push({
    label: 'Premium per lot',
    tex: `${V}_{\\text{lot}} = ${V} \\times \\text{lot size} = ${texNumber(perShare.price, 4)} \\times ${texNumber(lotSize, 0)} = ${rupees(perLot.price)}`,
  });
  return lines;
}
