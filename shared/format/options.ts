/** A US option's type as the product writes it: Call and Put (CE and PE are the Indian market's words; issue 24). */
export const optionTypeLabel = (type: 'call' | 'put', market: 'US' | 'IN' = 'US'): string =>
  market === 'IN' ? (type === 'call' ? 'CE' : 'PE') : type === 'call' ? 'Call' : 'Put';
