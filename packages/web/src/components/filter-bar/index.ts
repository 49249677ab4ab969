export { useRoomDateFilter, type RoomDateFilter, type UpdateAddress } from './use-room-date-filter';
export { DateRangeFields, RoomFilterField } from './room-date-filter-fields';
