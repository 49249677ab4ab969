import { describe, expect, expectTypeOf, it } from 'vitest';
import { reportQuery, type ReportParams } from '../reports';

describe('ReportParams', () => {
  it("is the report calls' parsed query, from their contracts", () => {
    expectTypeOf<ReportParams['room_ids']>().toEqualTypeOf<number[] | undefined>();
    expectTypeOf<ReportParams['plant_problems']>().toEqualTypeOf<string[] | undefined>();
    // The server reads any text and answers its own message for an unknown option.
    expectTypeOf<ReportParams['date_option']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReportParams['weeks_ago']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ReportParams['group_by']>().toEqualTypeOf<'crop' | 'room' | 'status' | undefined>();
    expectTypeOf<ReportParams['FieldID']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ReportParams>().not.toHaveProperty('company_id');
  });

  it('travels as the spec sends it: ids comma-joined, names as a JSON list, blanks left out', () => {
    const params: ReportParams = { room_ids: [11, 12], strain_names: ['Kush, Blue'], problem: '', date_option: 'weeks_ago', weeks_ago: 0 };
    expect(reportQuery(3, params)).toEqual({ company_id: 3, room_ids: '11,12', strain_names: '["Kush, Blue"]', date_option: 'weeks_ago', weeks_ago: 0 });
  });
});
