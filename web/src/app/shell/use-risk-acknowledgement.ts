import { useCallback, useState } from 'react';

/** The modal's 'I Understand' is remembered in this browser (spec part 1 §5: it stays dismissed). */
export const RISK_ACK_KEY = 'options-academy.risk-disclaimer-acknowledged';

function read(): boolean {
  try {
    return localStorage.getItem(RISK_ACK_KEY) !== null;
  } catch {
    return false;
  }
}

export function useRiskAcknowledgement() {
  const [acknowledged, setAcknowledged] = useState(read);
  const acknowledge = useCallback(() => {
    try {
      localStorage.setItem(RISK_ACK_KEY, new Date().toISOString());
    } catch {
      // Without storage the acknowledgement lasts for this visit only.
    }
    setAcknowledged(true);
  }, []);
  return { acknowledged, acknowledge };
}
