/**
 * The configuration module: the parsed environment, the clock and the page cursors' key, given to
 * every module.
 */
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CLOCK, type Clock } from './clock.js';
import { Cursors } from '../paging/cursor.js';
import { APP_CONFIG, type AppConfig } from './config.js';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, clock: Clock): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
        { provide: Cursors, useValue: new Cursors(config.cursorSecret) },
      ],
      exports: [APP_CONFIG, CLOCK, Cursors],
    };
  }
}
