import type { Migration } from 'kysely';
import * as foundation from './2026_11_22_0000_foundation.js';
import * as facility from './2026_11_22_0100_facility.js';
import * as facilityLookups from './2026_11_22_0210_facility_lookups.js';
import * as scouting from './2026_11_22_0300_scouting.js';
import * as plantProblemLibrary from './2026_11_22_0310_plant_problem_library.js';
import * as crops from './2026_11_22_0400_crops.js';
import * as accountSessions from './2026_11_25_0500_account_sessions.js';
import * as idempotencyLeases from './2026_11_25_0600_idempotency_leases.js';
import * as problemVocabulary from './2026_11_25_0700_problem_vocabulary.js';
import * as userLanguage from './2026_11_25_0710_user_language.js';
import * as reportIndexes from './2026_11_26_0100_report_indexes.js';
import * as savedReports from './2026_11_26_0200_saved_reports.js';
import * as weatherCache from './2026_11_26_0300_weather_cache.js';
import * as scoutingCoverage from './2026_11_26_0500_scouting_coverage.js';
import * as tasks from './2026_11_26_0800_tasks.js';
import * as aiCommandsTaskOccurrences from './2026_11_27_0200_ai_commands_task_occurrences.js';
import * as treatments from './2026_11_26_0700_treatments.js';
import * as notifications from './2026_11_27_0100_notifications.js';
import * as scans from './2026_11_27_0500_scans.js';
import * as treatmentReentry from './2026_11_27_0300_treatment_reentry.js';
import * as consultants from './2026_11_27_0400_consultants.js';
import * as cameras from './2026_11_27_0600_cameras.js';
import * as actionThresholds from './2026_11_27_0700_action_thresholds.js';
import * as searchTrigram from './2026_11_27_0800_search_trigram.js';
import * as thresholdTasks from './2026_11_27_0900_threshold_tasks.js';
import * as observationDays from './2026_11_27_1000_observation_days.js';
import * as plantUidLength from './2026_11_27_1010_plant_uid_length.js';
import * as scanCorrections from './2026_11_29_0200_scan_corrections.js';
import * as scanUncertain from './2026_11_29_0100_scan_uncertain.js';
import * as suspectedProblems from './2026_11_29_0300_suspected_problems.js';
import * as boxLastVisits from './2026_11_29_0400_box_last_visits.js';
import * as batchReads from './2026_11_29_0410_batch_reads.js';
import * as subGridboxCounts from './2026_11_30_0600_sub_gridbox_counts.js';
import * as roomVersions from './2026_11_30_0700_room_versions.js';
import * as plantProtectionRegister from './2026_12_01_0100_plant_protection_register.js';
import * as stockMovementIndexes from './2026_12_01_0110_stock_movement_indexes.js';
import * as applicationRegister from './2026_12_01_0200_application_register.js';
import * as coverageCounts from './2026_12_01_0300_coverage_counts.js';
import * as apiTokens from './2026_12_02_0300_api_tokens.js';
import * as calendarFeeds from './2026_12_02_0310_calendar_feeds.js';
import * as cropRegistration from './2026_12_02_0200_crop_registration.js';
import * as cropRegistrationKeys from './2026_12_02_0210_crop_registration_keys.js';
import * as cropRegistrationIndexes from './2026_12_02_0220_crop_registration_indexes.js';
import * as signedWebhooks from './2026_12_02_0400_signed_webhooks.js';
import * as forgivingSearch from './2026_12_02_0410_forgiving_search.js';
import * as bulkChanges from './2026_12_02_0500_bulk_changes.js';
import * as facilityImports from './2026_12_02_0700_facility_imports.js';
import * as observationImports from './2026_12_03_0200_observation_imports.js';
import * as importJobs from './2026_12_04_0300_import_jobs.js';
import * as cropRegistrationPhotos from './2026_12_03_0400_crop_registration_photos.js';
import * as weatherDayMeans from './2026_12_03_0410_weather_day_means.js';
import * as harvestForecastRuns from './2026_12_03_0420_harvest_forecast_runs.js';
import * as treatmentCrossingTargets from './2026_12_03_0500_treatment_crossing_targets.js';
import * as batchPageIndexes from './2026_12_03_0600_batch_page_indexes.js';
import * as cropRegistrationWeekRows from './2026_12_04_0200_crop_registration_week_rows.js';
import * as importJobProgress from './2026_12_05_0400_import_job_progress.js';
import * as plannerStatistics from './2026_12_06_0100_planner_statistics.js';

/** Every migration, in order. A new one is added here and never edited after it lands. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0000_foundation': foundation,
  '2026_11_22_0100_facility': facility,
  '2026_11_22_0210_facility_lookups': facilityLookups,
  '2026_11_22_0300_scouting': scouting,
  '2026_11_22_0310_plant_problem_library': plantProblemLibrary,
  '2026_11_22_0400_crops': crops,
  '2026_11_25_0500_account_sessions': accountSessions,
  '2026_11_25_0600_idempotency_leases': idempotencyLeases,
  '2026_11_25_0700_problem_vocabulary': problemVocabulary,
  '2026_11_25_0710_user_language': userLanguage,
  '2026_11_26_0100_report_indexes': reportIndexes,
  '2026_11_26_0200_saved_reports': savedReports,
  '2026_11_26_0300_weather_cache': weatherCache,
  '2026_11_26_0500_scouting_coverage': scoutingCoverage,
  '2026_11_26_0800_tasks': tasks,
  '2026_11_26_0700_treatments': treatments,
  '2026_11_27_0100_notifications': notifications,
  '2026_11_27_0200_ai_commands_task_occurrences': aiCommandsTaskOccurrences,
  '2026_11_27_0300_treatment_reentry': treatmentReentry,
  '2026_11_27_0400_consultants': consultants,
  '2026_11_27_0500_scans': scans,
  '2026_11_27_0600_cameras': cameras,
  '2026_11_27_0700_action_thresholds': actionThresholds,
  '2026_11_27_0800_search_trigram': searchTrigram,
  '2026_11_27_0900_threshold_tasks': thresholdTasks,
  '2026_11_27_1000_observation_days': observationDays,
  '2026_11_27_1010_plant_uid_length': plantUidLength,
  '2026_11_29_0200_scan_corrections': scanCorrections,
  '2026_11_29_0100_scan_uncertain': scanUncertain,
  '2026_11_29_0300_suspected_problems': suspectedProblems,
  '2026_11_29_0400_box_last_visits': boxLastVisits,
  '2026_11_29_0410_batch_reads': batchReads,
  '2026_11_30_0600_sub_gridbox_counts': subGridboxCounts,
  '2026_11_30_0700_room_versions': roomVersions,
  '2026_12_01_0100_plant_protection_register': plantProtectionRegister,
  '2026_12_01_0110_stock_movement_indexes': stockMovementIndexes,
  '2026_12_01_0200_application_register': applicationRegister,
  '2026_12_01_0300_coverage_counts': coverageCounts,
  '2026_12_02_0300_api_tokens': apiTokens,
  '2026_12_02_0310_calendar_feeds': calendarFeeds,
  '2026_12_02_0200_crop_registration': cropRegistration,
  '2026_12_02_0210_crop_registration_keys': cropRegistrationKeys,
  '2026_12_02_0220_crop_registration_indexes': cropRegistrationIndexes,
  '2026_12_02_0400_signed_webhooks': signedWebhooks,
  '2026_12_02_0410_forgiving_search': forgivingSearch,
  '2026_12_02_0500_bulk_changes': bulkChanges,
  '2026_12_02_0700_facility_imports': facilityImports,
  '2026_12_03_0200_observation_imports': observationImports,
  '2026_12_03_0400_crop_registration_photos': cropRegistrationPhotos,
  '2026_12_03_0410_weather_day_means': weatherDayMeans,
  '2026_12_03_0420_harvest_forecast_runs': harvestForecastRuns,
  '2026_12_03_0500_treatment_crossing_targets': treatmentCrossingTargets,
  '2026_12_03_0600_batch_page_indexes': batchPageIndexes,
  '2026_12_04_0200_crop_registration_week_rows': cropRegistrationWeekRows,
  '2026_12_04_0300_import_jobs': importJobs,
  '2026_12_05_0400_import_job_progress': importJobProgress,
  '2026_12_06_0100_planner_statistics': plannerStatistics,
};
