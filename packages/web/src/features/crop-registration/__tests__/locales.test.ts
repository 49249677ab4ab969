import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';
import { describeSameKeys } from '../../../testing/locale-keys';

describeSameKeys('crop registration texts', { en, es, nl, fr });
