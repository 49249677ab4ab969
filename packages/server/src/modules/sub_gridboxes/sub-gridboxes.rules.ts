import { subGridboxesMessages as msg, type Position } from '@verdant/contract';
import { badRequest } from '../../lib/errors.js';

export interface PositionRequest {
  nx?: number;
  ny?: number;
  custom_positions?: Position[];
}

/**
 * The positions a create asks for: custom_positions when it lists any, else every (subx, suby) of
 * nx × ny from 1. A position listed twice is a mistake in the request, so a 400 (not a 409).
 */
export function requestedPositions(req: PositionRequest): Position[] {
  if (req.custom_positions && req.custom_positions.length > 0) {
    const seen = new Set<string>();
    for (const p of req.custom_positions) {
      const key = `${p.subx},${p.suby}`;
      if (seen.has(key)) throw badRequest(msg.duplicateInRequest, 'custom_positions');
      seen.add(key);
    }
    return req.custom_positions;
  }
  if (req.nx === undefined || req.ny === undefined) {
    throw badRequest(msg.sizeOrPositions, req.nx === undefined ? 'nx' : 'ny');
  }
  const out: Position[] = [];
  for (let suby = 1; suby <= req.ny; suby++) for (let subx = 1; subx <= req.nx; subx++) out.push({ subx, suby });
  return out;
}
