import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { deliveryErrorText, deliveryEventText } from '../lib/delivery-text';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const names: Record<string, string> = { 'Western flower thrips': 'Trips occidental de las flores', Aphids: 'Pulgones' };
const problemName = (n: string) => names[n] ?? n;

describe('delivery log lines in the reader’s language', () => {
  it('reads each event shape the server writes, problem names included', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.getFixedT('es');
    expect(deliveryEventText('Problem observed: Western flower thrips, Aphids', t, problemName)).toBe('Problema observado: Trips occidental de las flores, Pulgones');
    expect(deliveryEventText('Red threshold: Aphids in Bay 1', t, problemName)).toBe('Umbral rojo: Pulgones en Bay 1');
    expect(deliveryEventText('Task in progress: Spray bay 2', t, problemName)).toBe('Tarea en curso: Spray bay 2');
    expect(deliveryEventText('Weekly report: 1 problem observation in the last week', t, problemName)).toBe('Informe semanal: 1 observación de problemas en la última semana');
    expect(deliveryEventText('Verdant test notification', t, problemName)).toBe('Envío de prueba');
    expect(deliveryErrorText('hooks.example.invalid did not resolve', t)).toContain('hooks.example.invalid');
    expect(deliveryErrorText('hooks.example.invalid did not resolve', t)).not.toContain('did not resolve');
  });

  it('shows a line of no known shape as written', async () => {
    const t = i18n.getFixedT('nl');
    expect(deliveryEventText('Something new happened', t, problemName)).toBe('Something new happened');
    expect(deliveryErrorText('550 mailbox full', t)).toBe('550 mailbox full');
  });
});
